import { useEffect } from 'react';
import { useLocaleState, useTheme } from 'react-admin';
import { COLOR_MODE_STORAGE_KEY } from '../theme/colorMode.js';
import { useSession } from './useSession.js';
import { PREFERENCES_APPLIED_KEY, preferencesToApply, type PreferenceChange } from './savedPreferences.js';

function appliedFor(): string | null {
  try {
    return sessionStorage.getItem(PREFERENCES_APPLIED_KEY);
  } catch {
    return null;
  }
}

function markApplied(userId: number): void {
  try {
    sessionStorage.setItem(PREFERENCES_APPLIED_KEY, String(userId));
  } catch {
    // not remembered: the saved choice applies again at the next page load
  }
}

/** Puts a language or theme into effect in this browser; the theme is also remembered for the next visit. */
export function useApplyPreferences(): (change: PreferenceChange) => void {
  const [, setLocale] = useLocaleState();
  const [, setTheme] = useTheme();
  return (change) => {
    if (change.language) setLocale(change.language);
    if (change.theme) {
      setTheme(change.theme);
      try {
        localStorage.setItem(COLOR_MODE_STORAGE_KEY, change.theme);
      } catch {
        // Storage refused (private mode): the choice still holds for this page and on the account.
      }
    }
  };
}

/** The language and theme saved on /user-account take effect when the user signs in (once per tab). */
export function useSavedPreferences(): void {
  const { user } = useSession();
  const [locale] = useLocaleState();
  const [theme] = useTheme();
  const apply = useApplyPreferences();
  useEffect(() => {
    if (!user) return;
    const change = preferencesToApply(user, { language: locale, theme: String(theme) }, appliedFor());
    markApplied(user.appUserNum);
    apply(change);
    // Once per signed-in user: later switches of locale or theme are the user's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.appUserNum]);
}
