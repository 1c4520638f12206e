import type { SiteListItem } from '../../../schemas/dealer.js';
import type { AccountGroupOption, AppVersion, MsaActiveAccount, SiteSummary } from '../../../schemas/shell.js';
import type { AccountLink, User } from '../../../schemas/user.js';
import type { Token } from '../../../schemas/auth.js';
import type { SiteRecord } from '../../../schemas/sites.js';
import { quickSearchQuery } from '../../common/siteMatch.js';
import { api } from '../providers/http.js';

/** The shell's calls (SPEC §7 'Dealer, site and live'), over the one transport. */
export const shellApi = {
  favorites: () => api<SiteListItem[]>('site/favorites'),
  recents: () => api<SiteListItem[]>('site/recents'),
  favorite: (xmit: string) => api<SiteListItem[]>(`site/favorites/${encodeURIComponent(xmit)}`, 'PUT', undefined, { skipError: true }),
  unfavorite: (xmit: string) => api<SiteListItem[]>(`site/favorites/${encodeURIComponent(xmit)}`, 'DELETE', undefined, { skipError: true }),
  site: (siteNum: number, dn?: number) => api<SiteSummary>(`site/${siteNum}${dn ? `?dn=${dn}` : ''}`),
  /** The account search of the '/' dialog and the spotlight: GET /api/sites?filter={"q":…}&range=[0,9], by relevance. */
  searchSites: (text: string) => api<SiteRecord[]>(`sites?${quickSearchQuery(text)}`, 'GET', undefined, { skipError: true }),
  accountGroups: () => api<AccountGroupOption[]>('user/accountGroups'),
  switchAccountGroup: (siteGroupNum: number) => api<User>('user/accountGroup', 'PUT', { siteGroupNum }, { skipError: true }),
  accountLinks: () => api<AccountLink[]>('msa/accountLinks'),
  activateAccount: (siteNum: number) => api<MsaActiveAccount>('msa/accountLinks/active', 'PUT', { siteNum }, { skipError: true }),
  // Without skip-error: an impersonation that expired meanwhile answers 401 Invalid-Impersonation, which §8 handles.
  endImpersonation: () => api<Token>('impersonation/end', 'POST'),
  version: () => api<AppVersion>('version', 'GET', undefined, { skipError: true }),
};
