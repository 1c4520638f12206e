import type { PasscodeReveal } from '../../../../schemas/sites.js';
import { jsonCaller, type AdminHttpClient } from './call.js';

/**
 * The account page's calls besides its resources. `sites` is the account's resource name:
 * 'sites' for the dealer's screens, 'msa/sites' for the customer's (siteAudience.tsx).
 */
export function siteInfoMethods(client: AdminHttpClient) {
  const call = jsonCaller(client);
  return {
    /** The audited reveal (POST …/passcodes/{passcodeId}/reveal): the customer's needs their password, the dealer's has no body. */
    revealPasscode: (sites: string, siteNum: number, passcodeId: number, password?: string) =>
      call<PasscodeReveal>(`${sites}/${siteNum}/passcodes/${passcodeId}/reveal`, 'POST', password === undefined ? undefined : { password }),
    /** The new calling order of the account's call list (PUT …/contacts/order): every contact, first called first. */
    saveContactOrder: (sites: string, siteNum: number, contactIds: readonly number[]) =>
      call<unknown>(`${sites}/${siteNum}/contacts/order`, 'PUT', { contactIds }),
  };
}

export type SiteInfoMethods = ReturnType<typeof siteInfoMethods>;
