import type { EventKind, EventRecord } from '../../../schemas/events.js';
import type { ChangeRequest, ChangeRequestInput } from '../../../schemas/msa.js';
import type { AccountLink, AccountLinkCreate } from '../../../schemas/user.js';
import { api } from '../providers/http.js';

/** The shell's query of the links (its switcher reads the same key): one request for both. */
export const LINKS_QUERY = ['shell', 'accountLinks'] as const;

/**
 * The customer's calls beyond react-admin's resources, through the one transport
 * (SPEC §7). The account itself is react-admin's `msa/sites` getOne; contacts, zones, passcodes,
 * schedules and tests are the `msa/*` resources.
 */
export const msaApi = {
  links: () => api<AccountLink[]>('msa/accountLinks'),
  addLink: (body: AccountLinkCreate) => api<AccountLink[]>('msa/accountLinks', 'POST', body),
  /** §7 'Delete account link by siteNum'. */
  removeLink: (siteNum: number) => api<AccountLink[]>(`msa/accountLinks/${siteNum}`, 'DELETE'),
  /** §7 'Favourite account link: siteNum and flag'. */
  setDefault: (siteNum: number, isFavorite: boolean) => api<AccountLink[]>('msa/accountLinks/favorite', 'PUT', { siteNum, isFavorite }),
  /** The newest events of an account (GET /api/events, newest first). */
  recentEvents: (siteNum: number, count: number, kind?: EventKind[]) =>
    api<EventRecord[]>(
      `events?filter=${encodeURIComponent(JSON.stringify(kind ? { siteNum, kind } : { siteNum }))}&range=${encodeURIComponent(JSON.stringify([0, count - 1]))}`,
    ),
  changeRequests: (siteNum: number) =>
    api<ChangeRequest[]>(
      `msa/changeRequests?filter=${encodeURIComponent(JSON.stringify({ siteNum }))}&range=${encodeURIComponent('[0,49]')}`,
    ),
  requestChange: (body: ChangeRequestInput) => api<ChangeRequest>('msa/changeRequests', 'POST', body),
};
