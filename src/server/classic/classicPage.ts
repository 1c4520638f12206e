import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TFunction } from 'i18next';
import { pickLanguage } from '../../common/i18n.js';
import { escapeHtml, htmlPageHeaders, renderHtmlPage } from '../http/htmlPage.js';
import { classicRepository } from './classicRepository.js';

/**
 * The demo stand-in for the classic dealer portal (GET /classic?key=…, demo
 * mode only): it redeems the one-time key as the real classic portal would
 * (the same function as POST /api/rw3k/redeem) and says who arrived, or that
 * the link has expired. One self-contained page: no script, one inline style
 * under a CSP nonce, every value HTML-escaped, light and dark.
 */

const STYLE = `
:root { color-scheme: light dark; --bg: #eef1f4; --fg: #1b1b1f; --muted: #4f535b; --card: #ffffff;
  --border: #8e9099; --accent: #1f5fbf; --ok: #1e6b34; --warn: #8a4b00; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #101214; --fg: #e6e6ea; --muted: #b6b8c0; --card: #1c1f23; --border: #6f727b;
    --accent: #9ec1ff; --ok: #8fd6a0; --warn: #ffc27a; }
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 1rem;
  font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: var(--bg); color: var(--fg); }
main { width: 100%; max-width: 34rem; background: var(--card); border: 1px solid var(--border); border-radius: .75rem; padding: 1.5rem; }
h1 { font-size: 1.5rem; margin: 0 0 .75rem; }
p { margin: .5rem 0; }
.status { font-weight: 600; color: var(--ok); overflow-wrap: anywhere; }
.status.expired { color: var(--warn); }
.muted { color: var(--muted); font-size: .95rem; }
a { color: var(--accent); font-weight: 600; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
`;

export interface ClassicPageOptions {
  t: TFunction;
  lang: string;
  nonce: string;
  /** Who arrived; undefined when the key was bad, used or expired. */
  user?: { name: string; username: string; dealerNumber: string | null };
}

function renderClassicPage({ t, lang, nonce, user }: ClassicPageOptions): string {
  const title = t('classic.page.title');
  const status = user
    ? `<p class="status" role="status">${escapeHtml(
        t('classic.page.signedInAs', {
          name: user.name,
          username: user.username,
          dealerNumber: user.dealerNumber ?? t('classic.page.noDealerNumber'),
        }),
      )}</p>
<p class="muted">${escapeHtml(t('classic.page.demoNote'))}</p>`
    : `<p class="status expired" role="alert">${escapeHtml(t('classic.page.expired'))}</p>
<p><a href="/login">${escapeHtml(t('classic.page.backToLogin'))}</a></p>`;
  return renderHtmlPage({ lang, title, nonce, style: STYLE, main: `<h1>${escapeHtml(title)}</h1>\n${status}` });
}

const querystring = {
  type: 'object',
  properties: { key: { type: 'string', maxLength: 512 } },
} as const;

/** GET /classic: register at the root (outside /api), in demo mode. */
export async function classicPagePlugin(app: FastifyInstance) {
  app.get<{ Querystring: { key?: string } }>(
    '/classic',
    {
      schema: { hide: true, querystring },
      attachValidation: true,
    },
    async (request, reply) => {
      const key = request.validationError ? undefined : request.query.key;
      const redeemed = key ? await classicRepository(app.db).redeemKey(key) : undefined;
      await app.audit(
        request,
        redeemed
          ? // The actor is the dealer who arrived.
            {
              action: 'classic.keyRedeemed',
              actorUserId: redeemed.userId,
              targetType: 'user',
              targetId: redeemed.userId,
              details: { via: 'demoPage' },
            }
          : { action: 'classic.redeemFailed', details: { reason: key ? 'invalidKey' : 'noKey', via: 'demoPage' } },
      );
      const nonce = randomBytes(16).toString('base64');
      const html = renderClassicPage({ t: request.t, lang: pickLanguage(request.headers['accept-language']), nonce, user: redeemed });
      return (
        reply
          .status(redeemed ? 200 : 410)
          // The key is in this page's address: never pass it on in a Referer (no-referrer).
          .headers(
            htmlPageHeaders(`default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`),
          )
          .send(html)
      );
    },
  );
}
