/**
 * The few self-contained HTML pages the server writes itself (the classic
 * portal stand-in, the demo identity provider, the dev outbox): one document
 * shell with an inline style under a CSP nonce, every value HTML-escaped.
 */

export function escapeHtml(value: unknown): string {
  return String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export interface HtmlPageOptions {
  lang: string;
  /** The document title, as text (escaped here). */
  title: string;
  /** CSP nonce of the inline style (and of any script in `afterMain`). */
  nonce: string;
  /** The stylesheet, as trusted CSS. */
  style: string;
  /** The content of <main>, as HTML the caller escaped. */
  main: string;
  /** HTML after </main> (inline scripts), as the caller escaped it. */
  afterMain?: string;
}

export function renderHtmlPage({ lang, title, nonce, style, main, afterMain }: HtmlPageOptions): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style nonce="${escapeHtml(nonce)}">${style}</style>
</head>
<body>
<main>
${main}
</main>
${afterMain ? `${afterMain}\n` : ''}</body>
</html>`;
}

/** Response headers of such a page: never cached, never sniffed, no Referer, under `contentSecurityPolicy`. */
export function htmlPageHeaders(contentSecurityPolicy: string): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': contentSecurityPolicy,
  };
}
