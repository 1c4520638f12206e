import { DEMO_PASSWORD } from '../../common/constants.js';
import { safeEqual } from '../auth/secrets.js';

/**
 * The directory of the demo identity provider ("Northwind Identity"): a
 * company's own accounts, separate from the portal's users. The portal signs
 * an SSO user in as the portal user of the dealer whose email the identity
 * provider vouches for, so only `dealer.beta` reaches the portal; the others
 * show the refusals (a member of another dealer, a person the portal does
 * not know, an email the identity provider has not verified).
 * Every account's password is the demo password.
 */
export interface IdpAccount {
  /** The subject (sub claim): stable, never shown. */
  sub: string;
  /** What the person types on the identity provider's sign-in page. */
  login: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

const LOCAL_IDP_ACCOUNTS: readonly IdpAccount[] = [
  { sub: 'nw-0001', login: 'dealer.beta', email: 'dealer.beta@example.com', emailVerified: true, name: 'Dana Whitfield' },
  { sub: 'nw-0002', login: 'dealer.classic', email: 'dealer.classic@example.com', emailVerified: true, name: 'Chris Lindqvist' },
  { sub: 'nw-0003', login: 'contractor', email: 'pat.contractor@example.com', emailVerified: true, name: 'Pat Contractor' },
  { sub: 'nw-0004', login: 'unverified', email: 'dealer.beta@example.com', emailVerified: false, name: 'Dana Whitfield (unverified)' },
];

export function findIdpAccount(sub: string): IdpAccount | undefined {
  return LOCAL_IDP_ACCOUNTS.find((account) => account.sub === sub);
}

/** The account a login name (case-insensitive, trimmed) and password open, if any. */
export function checkIdpLogin(login: string, password: string): IdpAccount | undefined {
  const wanted = login.trim().toLowerCase();
  const account = LOCAL_IDP_ACCOUNTS.find((candidate) => candidate.login === wanted);
  const passwordOk = safeEqual(password, DEMO_PASSWORD);
  return account && passwordOk ? account : undefined;
}

/** The claims the identity provider releases (scopes openid, email, profile). */
export function idpClaims(account: IdpAccount) {
  return { sub: account.sub, email: account.email, email_verified: account.emailVerified, name: account.name };
}
