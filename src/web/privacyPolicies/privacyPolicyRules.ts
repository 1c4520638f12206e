import type { PrivacyPolicyVersion } from '../../../schemas/privacyPolicy.js';

/** The editors' page of the privacy policy (Help menu 'Privacy Policy'); a version opens on `/privacy-policy/:id`. */
export const PRIVACY_POLICY_PATH = '/privacy-policy';

/** The resource (`/api/privacyPolicies`), named once for the list, the drawer and the publish form. */
export const PRIVACY_POLICIES = 'privacyPolicies';

/** Where a version opens, read-only. */
export function versionPath(id: number | string): string {
  return `${PRIVACY_POLICY_PATH}/${id}`;
}

/** When a version was published, as a date and a time in the reader's language (and time zone, unless given). */
export function formatPublishedAt(iso: string, locale: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/** Who published a version; a removed account leaves no name, and says so rather than showing nothing. */
export function publisherName(version: Pick<PrivacyPolicyVersion, 'publishedBy'>, unknown: string): string {
  return version.publishedBy?.trim() || unknown;
}

/**
 * The text the publish form starts from: the latest version's, or nothing before the first one.
 * The latest may come from the versions list without its text (react-admin seeds the single record
 * from the list): it is not ready until the text is there.
 */
export function startingText(latest: Pick<PrivacyPolicyVersion, 'policyText'> | undefined, listed: boolean): string | undefined {
  if (!listed) return undefined;
  if (!latest) return '';
  return latest.policyText;
}
