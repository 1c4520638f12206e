import { describe, expect, it } from 'vitest';
import { escapeHtml, htmlPageHeaders, renderHtmlPage } from './htmlPage.js';

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
  it('writes any value as text', () => {
    expect(escapeHtml(42)).toBe('42');
  });
});

describe('renderHtmlPage', () => {
  const base = { lang: 'en', title: 'A <b> title', nonce: 'n"1', style: 'p { margin: 0; }', main: '<p>Hi</p>' };
  it('escapes the language, title and nonce, and keeps the style and main as given', () => {
    const html = renderHtmlPage(base);
    expect(html).toContain('<title>A &lt;b&gt; title</title>');
    expect(html).toContain('<style nonce="n&quot;1">p { margin: 0; }</style>');
    expect(html).toContain('<main>\n<p>Hi</p>\n</main>\n</body>');
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
  });
  it('puts afterMain between </main> and </body>', () => {
    expect(renderHtmlPage({ ...base, afterMain: '<script></script>' })).toContain('</main>\n<script></script>\n</body>\n</html>');
  });
});

describe('htmlPageHeaders', () => {
  it('is never cached, sniffed or referred, under the given policy', () => {
    expect(htmlPageHeaders("default-src 'none'")).toEqual({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Content-Security-Policy': "default-src 'none'",
    });
  });
});
