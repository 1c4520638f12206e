import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18next } from 'i18next';
import { onI18nChange, withCatalogues, type AppI18n } from '../i18n/i18n.js';
import { ColorModeProvider } from '../theme/ColorModeProvider.js';
import { lazyThemed } from '../theme/lazyThemed.js';
import { LoginPage } from './LoginPage.js';
import { Notifications } from './Notifications.js';
import { LoginConfigContext, type LoginConfig } from './useLoginConfig.js';
import { forgetAppliedPreferences } from '../providers/savedPreferences.js';
import { lightRoute } from './lightRoute.js';
import './login.css';

// The registration page is another engineer's; until the file exists the route renders nothing.
const registrationModules = import.meta.glob<{ RegistrationPage: ComponentType }>('./RegistrationPage.tsx');
const registrationLoader = registrationModules['./RegistrationPage.tsx'];
const RegistrationPage = registrationLoader
  ? lazyThemed(() => withCatalogues(registrationLoader)().then((m) => m.RegistrationPage))
  : () => null;

// The report download page (SPEC §2 reports-download/{id}): signed-out users reach it from an email.
const ReportDownloadPage = lazyThemed(() => withCatalogues(() => import('./ReportDownloadPage.js'))().then((m) => m.ReportDownloadPage));

/**
 * The light sign-in app: /login (and /loginSession), /login/register, /reports-download/{id}, the colour mode, the notification stack.
 * Its first paint is plain React with login.css; MUI comes with the lazy parts (lazyThemed).
 */
export function LoginApp({ config, i18n: initialI18n }: { config: LoginConfig; i18n: AppI18n }) {
  const route = lightRoute(window.location.pathname);
  // The light translator first; i18next itself once a lazy part has loaded it.
  const [i18n, setI18n] = useState<AppI18n>(initialI18n);
  useEffect(() => onI18nChange(setI18n), []);
  useEffect(() => forgetAppliedPreferences(typeof sessionStorage === 'undefined' ? undefined : sessionStorage), []);
  return (
    <I18nextProvider i18n={i18n as I18next}>
      <LoginConfigContext.Provider value={config}>
        <ColorModeProvider>
          <Suspense fallback={null}>
            {route === 'login' && <LoginPage />}
            {route === 'register' && <RegistrationPage />}
            {route === 'reportDownload' && <ReportDownloadPage />}
          </Suspense>
          <Notifications />
        </ColorModeProvider>
      </LoginConfigContext.Provider>
    </I18nextProvider>
  );
}
