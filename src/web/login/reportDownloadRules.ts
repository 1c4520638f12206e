import { LIMITS } from '../../common/constants.js';
import { reportPagePath } from '../../common/reportPaths.js';

/**
 * SPEC §2 reports-download/{id}, §4 Report download, §9 'Resend-code block 30 s' and 'Report
 * download token expiry: kept in local storage': the pure rules of the download page.
 */

/** The link id of /reports-download/{id}; null when the path has none. */
export function linkIdOf(pathname: string): string | null {
  const match = /^\/reports-download\/([A-Za-z0-9_-]{1,64})\/?$/i.exec(pathname);
  return match ? match[1] : null;
}

const storageKey = (linkId: string) => `reportDownload.tokenExpiry.${linkId}`;

/** The stored expiry of the link's download token while it is still ahead of `now` (the file then downloads without a code), else null. */
export function freshTokenExpiry(storage: Pick<Storage, 'getItem'>, linkId: string, now = Date.now()): string | null {
  const stored = storage.getItem(storageKey(linkId));
  const expiry = Date.parse(stored ?? '');
  return Number.isFinite(expiry) && expiry > now ? stored : null;
}

/** Keeps the token's expiry (the token itself is an HttpOnly cookie the page cannot read). */
export function storeTokenExpiry(storage: Pick<Storage, 'setItem'>, linkId: string, expiresAt: string): void {
  storage.setItem(storageKey(linkId), expiresAt);
}

/** What the page does with the answer to a download attempt. */
export function afterDownloadAttempt(status: number): 'saved' | 'askCode' | 'error' {
  if (status === 200) return 'saved';
  if (status === 401) return 'askCode';
  return 'error';
}

/** Seconds until Resend Code may be pressed again, from when the last code was sent. */
export function resendWait(sentAt: number, now = Date.now()): number {
  return Math.max(0, Math.ceil((sentAt + LIMITS.resendCodeBlockMs - now) / 1000));
}

/** §2 'Cancelled: go to reports/inbox for internal users, else login.' */
export function cancelTarget(isTRMUser: boolean): string {
  return isTRMUser ? '/reports/inbox' : '/login';
}

/**
 * §4 'Verified: go to /reports/{id}': where the verified view's button to the portal and the
 * internal user's link in the code dialog lead. Internal users (isTRMUser) go to the run's page
 * (its inbox when the answer named no run); anyone else signs in first.
 */
export function portalTarget(isTRMUser: boolean, runId: number | undefined): string {
  return isTRMUser ? reportPagePath(runId) : '/login';
}

/** The code field's rule: §9 'The report dialog requires exactly 6 digits.' */
export function isReportCode(code: string): boolean {
  return new RegExp(`^\\d{${LIMITS.mfaCodeLength}}$`).test(code);
}

/** The file name of a Content-Disposition header, else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}
