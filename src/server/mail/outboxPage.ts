import type { TFunction } from 'i18next';
import { escapeHtml, renderHtmlPage } from '../http/htmlPage.js';

/**
 * The demo outbox page (GET /dev/outbox): one self-contained document, no
 * external assets. The server writes the shell (every value HTML-escaped);
 * the inline script lists the messages from GET /api/dev/outbox with DOM
 * text nodes only, refreshing every 3 s.
 */

/** JSON that can sit inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const STYLE = `
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1b1b1f; --muted: #555761; --card: #f4f5f7;
  --border: #c4c7cf; --accent: #0b57d0; --on-accent: #ffffff; --error: #b3261e; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #121316; --fg: #e6e6ea; --muted: #b0b2ba; --card: #1d1f24; --border: #44474f;
    --accent: #8ab4f8; --on-accent: #0b1a33; --error: #f2b8b5; }
}
* { box-sizing: border-box; }
body { margin: 0; font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: var(--bg); color: var(--fg); }
main { max-width: 48rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1 { font-size: 1.6rem; margin: 0 0 .5rem; }
p { margin: .5rem 0; }
.muted { color: var(--muted); }
form { display: flex; flex-wrap: wrap; gap: .5rem; align-items: flex-end; margin: 1.25rem 0 .5rem; }
label { display: block; font-weight: 600; margin-bottom: .25rem; }
.field { flex: 1 1 18rem; }
input { width: 100%; font: inherit; padding: .5rem .75rem; border: 1px solid var(--border); border-radius: .375rem; background: var(--bg); color: var(--fg); }
button { font: inherit; font-weight: 600; padding: .5rem 1rem; border: 1px solid var(--accent); border-radius: .375rem; background: var(--accent); color: var(--on-accent); cursor: pointer; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
#outbox-status { font-weight: 600; min-height: 1.5em; }
#outbox-status.error { color: var(--error); }
ol { list-style: none; padding: 0; margin: 1rem 0 0; display: grid; gap: .75rem; }
li { background: var(--card); border: 1px solid var(--border); border-radius: .5rem; padding: .75rem 1rem; }
li h2 { font-size: 1.1rem; margin: 0; overflow-wrap: anywhere; }
.meta { color: var(--muted); font-size: .9rem; margin: .125rem 0 .5rem; overflow-wrap: anywhere; }
pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; font: .95rem/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
a { color: var(--accent); }
`;

// Plain ES5-style script: it runs as written in the browser (no build step).
const SCRIPT = `
(function () {
  var S = JSON.parse(document.getElementById('outbox-strings').textContent);
  var form = document.getElementById('outbox-form');
  var input = document.getElementById('outbox-to');
  var status = document.getElementById('outbox-status');
  var list = document.getElementById('outbox-list');
  var plural = new Intl.PluralRules(S.lang);
  var current = input.value.trim();
  var shown = null;

  function fill(template, values) {
    return template.replace(/%\\{(\\w+)\\}/g, function (all, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : all;
    });
  }
  function setStatus(text, isError) {
    if (status.textContent !== text) status.textContent = text;
    status.className = isError ? 'error' : '';
  }
  function appendLinked(parent, text) {
    var re = /https?:\\/\\/[^\\s<>"']+/g, at = 0, match;
    while ((match = re.exec(text))) {
      var url = match[0].replace(/[.,;:!?)\\]]+$/, '');
      parent.appendChild(document.createTextNode(text.slice(at, match.index)));
      var a = document.createElement('a');
      a.href = url;
      a.rel = 'noreferrer';
      a.textContent = url;
      parent.appendChild(a);
      at = match.index + url.length;
      re.lastIndex = at;
    }
    parent.appendChild(document.createTextNode(text.slice(at)));
  }
  function render(messages) {
    var key = JSON.stringify(messages);
    if (key === shown) return;
    shown = key;
    list.replaceChildren();
    messages.forEach(function (m) {
      var item = document.createElement('li');
      var channel = m.channel === 'sms' ? S.text : S.email;
      var heading = document.createElement('h2');
      heading.textContent = m.subject || channel;
      var meta = document.createElement('p');
      meta.className = 'meta';
      var time = document.createElement('time');
      time.dateTime = m.createdAt;
      time.textContent = new Date(m.createdAt).toLocaleString(S.lang, { dateStyle: 'medium', timeStyle: 'medium' });
      meta.append((m.subject ? channel + ' · ' : '') + fill(S.to, { to: m.to }) + ' · ', time);
      var body = document.createElement('pre');
      appendLinked(body, m.text);
      item.append(heading, meta, body);
      list.appendChild(item);
    });
  }
  function load() {
    var to = current;
    if (!to) {
      shown = null;
      list.replaceChildren();
      setStatus(S.enterAddress, false);
      return;
    }
    fetch('/api/dev/outbox?to=' + encodeURIComponent(to), { headers: { accept: 'application/json' }, cache: 'no-store' })
      .then(function (response) {
        if (!response.ok) throw new Error('HTTP ' + response.status);
        return response.json();
      })
      .then(function (messages) {
        if (to !== current) return;
        render(messages);
        var count = messages.length;
        var template = S['count_' + plural.select(count)] || S.count_other;
        setStatus(count ? fill(template, { count: count, to: to }) : fill(S.empty, { to: to }), false);
      })
      .catch(function () {
        if (to === current) setStatus(S.loadFailed, true);
      });
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    current = input.value.trim();
    history.replaceState(null, '', current ? '?to=' + encodeURIComponent(current) : location.pathname);
    load();
  });
  setInterval(function () { if (!document.hidden) load(); }, 3000);
  load();
})();
`;

export interface OutboxPageOptions {
  t: TFunction;
  lang: string;
  /** The address from the query string, shown in the input. */
  to: string;
  /** CSP nonce for the inline style and script. */
  nonce: string;
}

export function renderOutboxPage({ t, lang, to, nonce }: OutboxPageOptions): string {
  const key = (name: string) => t(`outbox.page.${name}`);
  const strings = {
    lang,
    enterAddress: key('enterAddress'),
    empty: key('empty'),
    count_one: key('count_one'),
    count_other: key('count_other'),
    email: key('email'),
    text: key('text'),
    to: key('to'),
    loadFailed: key('loadFailed'),
  };
  const main = `<h1>${escapeHtml(key('title'))}</h1>
<p>${escapeHtml(key('intro'))}</p>
<form id="outbox-form" method="get" action="/dev/outbox">
<div class="field">
<label for="outbox-to">${escapeHtml(key('addressLabel'))}</label>
<input id="outbox-to" name="to" type="text" inputmode="email" autocomplete="email" spellcheck="false" maxlength="254" required value="${escapeHtml(to)}" aria-describedby="outbox-note">
</div>
<button type="submit">${escapeHtml(key('show'))}</button>
</form>
<p id="outbox-note" class="muted">${escapeHtml(key('refreshNote'))}</p>
<noscript><p>${escapeHtml(key('noscript'))}</p></noscript>
<p id="outbox-status" role="status" aria-live="polite"></p>
<ol id="outbox-list"></ol>`;
  const scripts = `<script type="application/json" id="outbox-strings">${scriptJson(strings)}</script>
<script nonce="${escapeHtml(nonce)}">${SCRIPT}</script>`;
  return `${renderHtmlPage({ lang, title: key('title'), nonce, style: STYLE, main, afterMain: scripts })}\n`;
}
