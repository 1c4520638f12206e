import type { User } from '../../../schemas/user.js';

/** sessionStorage key: the user whose saved preferences this tab has applied since signing in. */
export const PREFERENCES_APPLIED_KEY = 'preferences-applied';

export interface PreferenceChange {
  language?: 'en' | 'es' | 'fr';
  theme?: 'light' | 'dark';
}

/**
 * What the saved language and theme (/user-account) change in this browser at sign-in: each
 * saved choice that differs from the current one, once per signed-in user and tab (`appliedFor`
 * is the user already applied), so a switch made later in the session is not undone on reload.
 */
export function preferencesToApply(
  user: Pick<User, 'appUserNum' | 'preferences'> | null | undefined,
  current: { language: string; theme: string },
  appliedFor: string | null,
): PreferenceChange {
  if (!user?.preferences || appliedFor === String(user.appUserNum)) return {};
  const { language, theme } = user.preferences;
  return {
    ...(language && language !== current.language && { language }),
    ...(theme && theme !== current.theme && { theme }),
  };
}

/** The sign-in page forgets which user's preferences were applied: the next sign-in applies them again. */
export function forgetAppliedPreferences(storage: Pick<Storage, 'removeItem'> | undefined): void {
  try {
    storage?.removeItem(PREFERENCES_APPLIED_KEY);
  } catch {
    // storage refused: nothing was remembered either
  }
}
