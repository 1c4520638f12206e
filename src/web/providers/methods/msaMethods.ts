import type { AccountLink, AccountLinkCreate } from '../../../../schemas/user.js';
import type { httpClient } from '../http.js';

/**
 * The customer's linked accounts (SPEC §7): no simple-rest resource (no id, no pages); each
 * change answers every link as it is after it.
 */
export interface MsaMethods {
  accountLinks(): Promise<AccountLink[]>;
  addAccountLink(input: AccountLinkCreate): Promise<AccountLink[]>;
  /** §7 'Delete account link by siteNum'. */
  removeAccountLink(siteNum: number): Promise<AccountLink[]>;
  /** §7 'Favourite account link: siteNum and flag'. */
  setFavoriteAccountLink(siteNum: number, isFavorite: boolean): Promise<AccountLink[]>;
}

const LINKS = '/api/msa/accountLinks';

export function msaMethods(http: typeof httpClient): MsaMethods {
  const links = async (url: string, method = 'GET', body?: unknown) => {
    const { json } = await http(url, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    return json as AccountLink[];
  };
  return {
    accountLinks: () => links(LINKS),
    addAccountLink: (input) => links(LINKS, 'POST', input),
    removeAccountLink: (siteNum) => links(`${LINKS}/${siteNum}`, 'DELETE'),
    setFavoriteAccountLink: (siteNum, isFavorite) => links(`${LINKS}/favorite`, 'PUT', { siteNum, isFavorite }),
  };
}
