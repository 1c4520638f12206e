import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n, tr } from '../i18n/i18n.js';
import { LoginApp } from '../login/LoginApp.js';
import { notify } from '../login/notify.js';
import { loadLoginConfig, type LoginConfig } from '../login/useLoginConfig.js';
import { configureTransport, takeCarriedNotice } from '../providers/transport.js';

/** Used when assets/config cannot be read: the dealer login still works. */
const FALLBACK_CONFIG: LoginConfig = { variant: 'dealer', portalName: '', version: '0', environment: 'prod', demo: false };

/** The light sign-in app: config and the current language's catalogues first, then the page. */
export async function startLoginApp() {
  const loading = loadLoginConfig().catch(() => FALLBACK_CONFIG);
  const [config, i18n] = await Promise.all([loading, initI18n(() => loading.then((c) => c.demo))]);
  configureTransport({
    translate: (key, args) => tr(key, args),
    notify: ({ message, durationMs }) => notify({ type: 'warning', message, durationMs }),
  });
  const carried = takeCarriedNotice();
  if (carried) notify({ type: 'warning', message: tr(carried.key, { defaultValue: carried.message }), durationMs: carried.durationMs });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <LoginApp config={config} i18n={i18n} />
    </StrictMode>,
  );
}
