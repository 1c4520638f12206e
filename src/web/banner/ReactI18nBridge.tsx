import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { adminI18next } from '../providers/i18nProvider.js';

/**
 * The light components (StatusBanner, PrivacyPolicyDialog) translate with
 * react-i18next's useTranslation(); inside react-admin they get the admin's own
 * i18next instance (providers/i18nProvider.ts), so they follow its language.
 */
export function ReactI18nBridge({ children }: { children: ReactNode }) {
  const instance = adminI18next();
  return instance ? <I18nextProvider i18n={instance}>{children}</I18nextProvider> : <>{children}</>;
}
