import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PolicyMarkdown, safeUrl } from './PolicyMarkdown.js';

const render = (text: string) => renderToStaticMarkup(<PolicyMarkdown text={text} />);

describe('the privacy policy markdown, rendered safely (SPEC §2 privacy policy)', () => {
  it('renders headings, lists and emphasis', () => {
    const html = render('# Privacy Policy\n\n- **Account** data\n\n## Contact\n\nWrite to us.');
    expect(html).toContain('<h3');
    expect(html).toContain('Privacy Policy');
    expect(html).toContain('<li');
    expect(html).toContain('<strong>Account</strong>');
  });
  it('never turns raw HTML into elements', () => {
    const html = render('Hello <script>alert(1)</script> <img src=x onerror="alert(2)"> <a href="javascript:alert(3)">x</a>');
    expect(html).not.toMatch(/<script|<img|onerror|javascript:/i);
  });
  it('drops javascript:, data: and vbscript: links but keeps their text', () => {
    const html = render('[one](javascript:alert(1)) [two](data:text/html,<b>x</b>) [three](VBScript:msgbox)');
    expect(html).not.toMatch(/href=/);
    expect(html).toContain('one');
    expect(html).toContain('three');
  });
  it('opens web links in a new tab without access to the portal', () => {
    const html = render('[our site](https://example.com/privacy)');
    expect(html).toContain('href="https://example.com/privacy"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
  });
  it('drops images (no tracking pixels in the policy)', () => {
    expect(render('![pixel](https://tracker.example/p.gif)')).not.toContain('<img');
  });
  it('keeps mail and same-site links only', () => {
    expect(safeUrl('mailto:privacy@example.com')).toBe('mailto:privacy@example.com');
    expect(safeUrl('/news')).toBe('/news');
    expect(safeUrl('//evil.example/x')).toBe('');
    expect(safeUrl('javascript:alert(1)')).toBe('');
    expect(safeUrl(' jav\tascript:alert(1)')).toBe('');
  });
});
