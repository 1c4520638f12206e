import type { SiteCreate, SiteCreated, TransmitterAvailability } from '../../../../schemas/siteCreate.js';
import { jsonCaller, type AdminHttpClient } from './call.js';

/**
 * The create-account stepper's calls besides its drafts (react-admin's `siteDrafts`): the devices
 * step's transmitter check, and the creation, whose answer (the new account's numbers, no `id`)
 * is not the record react-admin's `create` expects.
 */
export function siteCreateMethods(client: AdminHttpClient) {
  const call = jsonCaller(client);
  return {
    transmitterAvailability: (code: string) =>
      call<TransmitterAvailability>(`transmitters/availability?code=${encodeURIComponent(code.trim())}`),
    createSite: (site: SiteCreate) => call<SiteCreated>('sites', 'POST', site),
  };
}

export type SiteCreateMethods = ReturnType<typeof siteCreateMethods>;
