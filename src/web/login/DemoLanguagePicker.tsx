import { useTranslation } from 'react-i18next';
import { PSEUDO_LOCALE, PSEUDO_LOCALE_NAME } from '../../common/pseudoLocale.js';
import { LOCALE_STORAGE_KEY } from '../i18n/i18n.js';
import { useLoginConfig } from './useLoginConfig.js';

/** Each language named in its own language, as in the shell's user menu; the pseudo-locale last. */
const CHOICES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
  { code: PSEUDO_LOCALE, name: PSEUDO_LOCALE_NAME },
] as const;

/**
 * Demo mode only: the language of the login page, with the pseudo-locale that shows
 * hard-coded texts and cut-off labels (README, "For translators"). The choice is the one the
 * portal keeps (localStorage `locale`); the page reloads in it.
 */
export function DemoLanguagePicker() {
  const { t, i18n } = useTranslation();
  const { demo } = useLoginConfig();
  if (!demo) return null;
  return (
    <select
      className="login-language"
      aria-label={t('login.language')}
      value={i18n.language}
      onChange={(event) => {
        localStorage.setItem(LOCALE_STORAGE_KEY, event.target.value);
        window.location.reload();
      }}
    >
      {CHOICES.map(({ code, name }) => (
        <option key={code} value={code} lang={code}>
          {name}
        </option>
      ))}
    </select>
  );
}
