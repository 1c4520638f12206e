import i18next from 'i18next';
import type { I18nProvider } from 'react-admin';
import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import { DEFAULT_LANGUAGE, LANGUAGES, i18nextOptions, type LocaleCatalog } from '../../common/i18n.js';

/**
 * react-admin's i18nProvider over i18next, written here rather than taken from
 * ra-i18n-i18next, which pins i18next 23 (ARCHITECTURE.md, known pitfalls).
 * The catalogues are locales/<lang>/<file>.json; react-admin's own `ra.*`
 * messages come from ra-language-english and ra-language-french, under what
 * locales/<lang>/ra.json says (Spanish has only that file).
 */
const files = import.meta.glob<LocaleCatalog[string]>('../../../locales/*/*.json', { eager: true, import: 'default' });

export function catalogs(): Record<string, LocaleCatalog> {
  const resources: Record<string, LocaleCatalog> = Object.fromEntries(LANGUAGES.map((l) => [l, {}]));
  resources.en.ra = structuredClone(englishMessages.ra) as Record<string, unknown>;
  resources.fr.ra = structuredClone(frenchMessages.ra) as Record<string, unknown>;
  for (const [file, messages] of Object.entries(files)) {
    const [, lang, name] = file.match(/locales\/([^/]+)\/([^/]+)\.json$/) ?? [];
    if (!resources[lang]) continue;
    resources[lang][name] = { ...(resources[lang][name] ?? {}), ...messages };
  }
  return resources;
}

/** Polyglot-style plurals ("one |||| many") that react-admin's messages use. */
function pluralise(text: string, count: unknown, lang: string): string {
  if (!text.includes('||||')) return text;
  const forms = text.split('||||').map((s) => s.trim());
  const n = Number(count);
  const one = lang === 'fr' ? n < 2 : n === 1;
  return forms[one ? 0 : Math.min(1, forms.length - 1)];
}

export async function createI18nProvider(): Promise<I18nProvider> {
  const instance = i18next.createInstance();
  const stored = localStorage.getItem('locale');
  const browser = navigator.language.split('-')[0];
  const initial = [stored, browser].find((l): l is string => !!l && (LANGUAGES as readonly string[]).includes(l)) ?? DEFAULT_LANGUAGE;
  await instance.init(i18nextOptions(catalogs(), initial));
  document.documentElement.lang = initial;
  return {
    translate: (key, options = {}) => {
      const { _: defaultValue, smart_count: count, ...rest } = options as Record<string, unknown>;
      const text = instance.t(key, { ...rest, smart_count: count, defaultValue: defaultValue ?? key }) as string;
      return pluralise(text, count, instance.language);
    },
    changeLocale: async (locale) => {
      await instance.changeLanguage(locale);
      localStorage.setItem('locale', locale);
      document.documentElement.lang = locale;
    },
    getLocale: () => instance.language,
    getLocales: () => [
      { locale: 'en', name: 'English' },
      { locale: 'es', name: 'Español' },
      { locale: 'fr', name: 'Français' },
    ],
  };
}
