import type { DealerBranding } from '../../../schemas/dealer.js';
import type { LogoVariant } from '../../common/logoRules.js';
import { httpClient } from '../providers/http.js';

/**
 * The Branding page's writes: a logo uploaded as multipart through the transport
 * (SPEC §7 parameters, XSRF header, bearer), and a reset. Both answer the group's branding and
 * reject with the transport's ApiError (the page shows the server's message).
 */
export const brandingApi = {
  async upload(variant: LogoVariant, file: File): Promise<DealerBranding> {
    const form = new FormData();
    form.append('file', file, file.name);
    const { json } = await httpClient(`/api/branding/logo/${variant}`, { method: 'PUT', body: form, skipError: true });
    return json as DealerBranding;
  },
  async reset(variant: LogoVariant): Promise<DealerBranding> {
    const { json } = await httpClient(`/api/branding/logo/${variant}`, { method: 'DELETE', skipError: true });
    return json as DealerBranding;
  },
};
