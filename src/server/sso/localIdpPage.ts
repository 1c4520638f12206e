import type { TFunction } from 'i18next';
import { escapeHtml, htmlPageHeaders, renderHtmlPage } from '../http/htmlPage.js';

export { escapeHtml };

/**
 * Pages of the demo identity provider: its sign-in form and its error page.
 * Self-contained documents (no scripts, one inline style under a CSP nonce),
 * every value HTML-escaped, light and dark by the system setting.
 */

const STYLE = `
:root { color-scheme: light dark; --bg: #f3f4f7; --fg: #1b1b1f; --muted: #50525a; --card: #ffffff;
  --border: #8e9099; --accent: #1f5fbf; --on-accent: #ffffff; --error: #b3261e; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #111316; --fg: #e6e6ea; --muted: #b6b8c0; --card: #1d1f24; --border: #6f727b;
    --accent: #9ec1ff; --on-accent: #0b1a33; --error: #ffb4ab; }
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 1rem;
  font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: var(--bg); color: var(--fg); }
main { width: 100%; max-width: 26rem; background: var(--card); border: 1px solid var(--border); border-radius: .75rem; padding: 1.5rem; }
h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
p { margin: .5rem 0; }
.muted { color: var(--muted); font-size: .95rem; }
label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
input { width: 100%; font: inherit; padding: .5rem .75rem; border: 1px solid var(--border); border-radius: .375rem; background: var(--card); color: var(--fg); }
.actions { display: flex; gap: .5rem; margin-top: 1.25rem; flex-wrap: wrap; }
button { font: inherit; font-weight: 600; padding: .5rem 1.25rem; border-radius: .375rem; border: 1px solid var(--accent); cursor: pointer; }
button.primary { background: var(--accent); color: var(--on-accent); }
button.secondary { background: transparent; color: var(--accent); }
.error { color: var(--error); font-weight: 600; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
`;

interface PageBase {
  t: TFunction;
  lang: string;
  nonce: string;
}

function page({ t, lang, nonce }: PageBase, title: string, body: string): string {
  return renderHtmlPage({ lang, title: `${title} | ${t('sso.idp.brand')}`, nonce, style: STYLE, main: body });
}

export interface IdpLoginPageOptions extends PageBase {
  /** Where the form posts (the interaction's own path). */
  action: string;
  /** The login name typed before (kept after a failure). */
  login: string;
  /** A message key to show above the form, e.g. after a wrong password. */
  errorKey?: string;
}

export function renderIdpLoginPage(options: IdpLoginPageOptions): string {
  const { t } = options;
  const error = options.errorKey ? `<p id="idp-error" class="error" role="alert">${escapeHtml(t(options.errorKey))}</p>` : '';
  const describedBy = options.errorKey ? ' aria-describedby="idp-error"' : '';
  const body = `<h1>${escapeHtml(t('sso.idp.brand'))}</h1>
<p>${escapeHtml(t('sso.idp.intro'))}</p>
<p class="muted">${escapeHtml(t('sso.idp.demoNote'))}</p>
${error}
<form method="post" action="${escapeHtml(options.action)}">
<label for="idp-login">${escapeHtml(t('sso.idp.loginLabel'))}</label>
<input id="idp-login" name="login" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" maxlength="100" required value="${escapeHtml(options.login)}"${describedBy}>
<label for="idp-password">${escapeHtml(t('sso.idp.passwordLabel'))}</label>
<input id="idp-password" name="password" type="password" autocomplete="current-password" maxlength="256" required${describedBy}>
<div class="actions">
<button class="primary" type="submit" name="action" value="login">${escapeHtml(t('sso.idp.submit'))}</button>
<button class="secondary" type="submit" name="action" value="cancel" formnovalidate>${escapeHtml(t('sso.idp.cancel'))}</button>
</div>
</form>`;
  return page(options, t('sso.idp.signInTitle'), body);
}

export interface IdpMessagePageOptions extends PageBase {
  titleKey: string;
  messageKey: string;
  /** Where the "back" link goes. */
  backUrl: string;
  /** A technical detail shown small (an OAuth error code). */
  detail?: string;
}

export function renderIdpMessagePage(options: IdpMessagePageOptions): string {
  const { t } = options;
  const body = `<h1>${escapeHtml(t(options.titleKey))}</h1>
<p>${escapeHtml(t(options.messageKey))}</p>
${options.detail ? `<p class="muted">${escapeHtml(options.detail)}</p>\n` : ''}<p><a href="${escapeHtml(options.backUrl)}">${escapeHtml(t('sso.idp.back'))}</a></p>`;
  return page(options, t(options.titleKey), body);
}

/** Headers of every page the identity provider renders itself. */
export function pageHeaders(nonce: string): Record<string, string> {
  return htmlPageHeaders(`default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`);
}
