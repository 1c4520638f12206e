import type { LocaleCatalog } from '../../common/i18n.js';

/**
 * A translator small enough for the login page's first load (the 70 KB budget cannot carry
 * i18next): nested keys (`login.fields.username`), `%{name}` interpolation like
 * src/common/i18n.ts, a fallback language, and `defaultValue`. It also answers the few calls
 * react-i18next's useTranslation makes on an instance, so <I18nextProvider i18n={light}>
 * serves the same components as the real i18next, which replaces it once a lazy part loads.
 */
export type TranslateOptions = Record<string, unknown> & { defaultValue?: string };

function lookup(catalog: LocaleCatalog | undefined, key: string): unknown {
  let node: unknown = catalog;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** %{name} replaced by options[name]; unknown names stay as they are. */
export function interpolate(text: string, options: Record<string, unknown> = {}): string {
  return text.replace(/%\{([^}]+)\}/g, (whole, name: string) => {
    const value = options[name.trim()];
    return value === undefined || value === null ? whole : String(value);
  });
}

/** The text of `key` in `lang`, else in `fallback`, else defaultValue, else the key. */
export function translate(
  catalogs: Record<string, LocaleCatalog>,
  lang: string,
  fallback: string,
  key: string,
  options?: TranslateOptions | string,
): string {
  const opts: TranslateOptions = typeof options === 'string' ? { defaultValue: options } : (options ?? {});
  const found = [lookup(catalogs[lang], key), lookup(catalogs[fallback], key)].find((v) => typeof v === 'string') as string | undefined;
  return interpolate(found ?? opts.defaultValue ?? key, opts);
}

export interface LightI18n {
  language: string;
  languages: string[];
  isInitialized: true;
  options: { defaultNS: string; react: Record<string, unknown> };
  t: (key: string, options?: TranslateOptions | string) => string;
  getFixedT: () => LightI18n['t'];
  hasLoadedNamespace: () => boolean;
  loadNamespaces: (ns: unknown, callback?: () => void) => Promise<void>;
  on: () => void;
  off: () => void;
  store: { on: () => void; off: () => void };
}

export function createLightI18n(catalogs: Record<string, LocaleCatalog>, lang: string, fallback: string): LightI18n {
  const t = (key: string, options?: TranslateOptions | string) => translate(catalogs, lang, fallback, key, options);
  const noop = () => undefined;
  return {
    language: lang,
    languages: [...new Set([lang, fallback])],
    isInitialized: true,
    options: { defaultNS: 'translation', react: { useSuspense: false } },
    t,
    getFixedT: () => t,
    hasLoadedNamespace: () => true,
    loadNamespaces: async (_ns, callback) => callback?.(),
    on: noop,
    off: noop,
    store: { on: noop, off: noop },
  };
}
