import type { PasscodeReveal } from '../../../../schemas/sites.js';
import { api } from '../../providers/http.js';

/**
 * The audited passcode reveal (POST /api/sites/{siteNum}/passcodes/{passcodeId}/reveal) through
 * the one transport (SPEC §7: the XSRF header on writes, bearer, §8 status handling). Rejects with
 * the transport's ApiError. The account itself is react-admin's `sites` getOne (GET /api/sites/{siteNum}).
 */
export function revealPasscode(siteNum: number, passcodeId: number): Promise<PasscodeReveal> {
  return api<PasscodeReveal>(`sites/${siteNum}/passcodes/${passcodeId}/reveal`, 'POST');
}

/** The new calling order of the account's call list (PUT /api/sites/{siteNum}/contacts/order): every contact, first called first. */
export function saveContactOrder(siteNum: number, contactIds: readonly number[]): Promise<unknown> {
  return api(`sites/${siteNum}/contacts/order`, 'PUT', { contactIds });
}
