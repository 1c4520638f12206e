import type { DealerBranding } from '../../../../schemas/dealer.js';
import type { LogoVariant } from '../../../common/logoRules.js';
import { jsonCaller, type AdminHttpClient } from './call.js';

/**
 * The account group's header logos: read (the Branding page; the header, which shows none on a
 * failure, with `skipError`), a logo uploaded as multipart, and a reset. The writes answer the
 * group's branding; the page shows a refusal itself (the server's message).
 */
export function brandingMethods(client: AdminHttpClient) {
  const call = jsonCaller(client);
  const logoUrl = (variant: LogoVariant) => `/api/branding/logo/${variant}`;
  return {
    branding: (options: { skipError?: boolean } = {}) => call<DealerBranding | null>('branding', 'GET', undefined, options),
    async uploadLogo(variant: LogoVariant, file: File): Promise<DealerBranding> {
      const form = new FormData();
      form.append('file', file, file.name);
      const { json } = await client(logoUrl(variant), { method: 'PUT', body: form, skipError: true });
      return json as DealerBranding;
    },
    async resetLogo(variant: LogoVariant): Promise<DealerBranding> {
      const { json } = await client(logoUrl(variant), { method: 'DELETE', skipError: true });
      return json as DealerBranding;
    },
  };
}

export type BrandingMethods = ReturnType<typeof brandingMethods>;
