/**
 * The login page in the dealer's colours (SPEC §3 branding): once the Single Sign-On
 * dialog has found a team domain's account group, that group's logo replaces the product's on
 * this browser's login page (GET branding with its siteGroupNum, anonymous: logos are public),
 * now and on later visits. Only the group's number is kept (local storage).
 */
const STORAGE_KEY = 'login-sso-site-group';
const CHANGE_EVENT = 'login-sso-site-group';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The group remembered from the SSO dialog, if any. */
export function rememberedSsoGroup(store: Pick<Storage, 'getItem'> | undefined = storage()): number | undefined {
  const value = Number(store?.getItem(STORAGE_KEY));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** Remembers the group the SSO dialog found, and tells the login page's logo. */
export function rememberSsoGroup(siteGroupNum: number): void {
  try {
    storage()?.setItem(STORAGE_KEY, String(siteGroupNum));
  } catch {
    // Private mode without storage: the logo changes for this page only.
  }
  window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: siteGroupNum }));
}

/** Calls `listener` with the group when the SSO dialog finds one; answers the unsubscribe. */
export function onSsoGroup(listener: (siteGroupNum: number) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<number>).detail);
  window.addEventListener(CHANGE_EVENT, handler);
  return () => window.removeEventListener(CHANGE_EVENT, handler);
}

/** The branding call of the login page: a remembered group's, else the anonymous default. */
export function loginBrandingPath(siteGroupNum: number | undefined): string {
  return siteGroupNum ? `branding?siteGroupNum=${siteGroupNum}` : 'branding';
}
