import type { ClassicKey, SiteListItem } from '../../../../schemas/dealer.js';
import type { AccountGroupOption, AppVersion, MsaActiveAccount, SiteSummary } from '../../../../schemas/shell.js';
import type { AccountLink, User } from '../../../../schemas/user.js';
import type { Token } from '../../../../schemas/auth.js';
import type { SiteRecord } from '../../../../schemas/sites.js';
import { quickSearchQuery } from '../../../common/siteMatch.js';
import { jsonCaller, type AdminHttpClient } from './call.js';

/** The shell's calls (SPEC §7 'Dealer, site and live'): favourites, recents, the switchers, the search, the version. */
export function shellMethods(client: AdminHttpClient) {
  const call = jsonCaller(client);
  const favoritePath = (xmit: string) => `site/favorites/${encodeURIComponent(xmit)}`;
  return {
    favoriteSites: () => call<SiteListItem[]>('site/favorites'),
    recentSites: () => call<SiteListItem[]>('site/recents'),
    /** Both answer the favourites as they now are. */
    favoriteSite: (xmit: string) => call<SiteListItem[]>(favoritePath(xmit), 'PUT', undefined, { skipError: true }),
    unfavoriteSite: (xmit: string) => call<SiteListItem[]>(favoritePath(xmit), 'DELETE', undefined, { skipError: true }),
    siteSummary: (siteNum: number, dn?: number) => call<SiteSummary>(`site/${siteNum}${dn ? `?dn=${dn}` : ''}`),
    /** The account search of the '/' dialog and the spotlight: GET /api/sites?filter={"q":…}&range=[0,9], by relevance. */
    searchSites: (text: string) => call<SiteRecord[]>(`sites?${quickSearchQuery(text)}`, 'GET', undefined, { skipError: true }),
    accountGroupOptions: () => call<AccountGroupOption[]>('user/accountGroups'),
    switchAccountGroup: (siteGroupNum: number) => call<User>('user/accountGroup', 'PUT', { siteGroupNum }, { skipError: true }),
    accountLinks: () => call<AccountLink[]>('msa/accountLinks'),
    activateAccount: (siteNum: number) => call<MsaActiveAccount>('msa/accountLinks/active', 'PUT', { siteNum }, { skipError: true }),
    // Without skip-error: an impersonation that expired meanwhile answers 401 Invalid-Impersonation, which §8 handles.
    endImpersonation: () => call<Token>('impersonation/end', 'POST'),
    /** The help menu's Classic Portal: a key the user asked for, and the address that opens it. */
    classicPortalKey: () => call<ClassicKey>('rw3k/key?userRequested=true', 'POST', undefined, { skipError: true }),
    appVersion: () => call<AppVersion>('version', 'GET', undefined, { skipError: true }),
  };
}

export type ShellMethods = ReturnType<typeof shellMethods>;
