import { useEffect, useState, type ReactNode } from 'react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { useLocaleState } from 'react-admin';
import { i18nextOptions } from '../../common/i18n.js';
import { catalogs } from '../providers/i18nProvider.js';

/**
 * The light components (StatusBanner, PrivacyPolicyDialog) translate with
 * react-i18next's useTranslation(); inside react-admin they get an i18next
 * instance over the same catalogues, following react-admin's locale.
 */
export function ReactI18nBridge({ children }: { children: ReactNode }) {
  const [locale] = useLocaleState();
  const [instance] = useState(() => {
    const created = i18next.createInstance();
    void created.init({ ...i18nextOptions(catalogs(), locale), initAsync: false, react: { useSuspense: false } });
    return created;
  });
  useEffect(() => {
    if (instance.language !== locale) void instance.changeLanguage(locale);
  }, [instance, locale]);
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}
