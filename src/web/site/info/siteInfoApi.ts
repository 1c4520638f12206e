import type { PasscodeReveal } from '../../../../schemas/sites.js';
import { api } from '../../providers/http.js';
import type { SiteAudience } from '../../resources/siteAudience.js';

/**
 * The audited passcode reveal (POST /api/sites/{siteNum}/passcodes/{passcodeId}/reveal) through
 * the one transport (SPEC §7: the XSRF header on writes, bearer, §8 status handling). Rejects with
 * the transport's ApiError. The account itself is react-admin's `sites` getOne (GET /api/sites/{siteNum}).
 */
export function revealPasscode(
  audience: Pick<SiteAudience, 'path'>,
  siteNum: number,
  passcodeId: number,
  password?: string,
): Promise<PasscodeReveal> {
  // The customer's reveal needs their password; the dealer's has no body.
  return api<PasscodeReveal>(
    audience.path(`sites/${siteNum}/passcodes/${passcodeId}/reveal`),
    'POST',
    password === undefined ? undefined : { password },
  );
}

/** The new calling order of the account's call list (PUT /api/sites/{siteNum}/contacts/order): every contact, first called first. */
export function saveContactOrder(audience: Pick<SiteAudience, 'path'>, siteNum: number, contactIds: readonly number[]): Promise<unknown> {
  return api(audience.path(`sites/${siteNum}/contacts/order`), 'PUT', { contactIds });
}
