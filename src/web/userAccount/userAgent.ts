/**
 * A browser's user agent as a person reads it ('Chrome on Windows'): the session and remembered
 * device lists name each by it. Undefined parts when the text is not recognised.
 */
export interface Described {
  browser?: string;
  os?: string;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

export function describeUserAgent(userAgent: string | null | undefined): Described {
  if (!userAgent) return {};
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1],
    os: SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1],
  };
}

/** A date and time in the user's language, short. */
export function formatWhen(iso: string | null, locale: string): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
