import { describe, expect, it } from 'vitest';
import { checkChosenFile } from './documentFiles.js';

describe('checkChosenFile', () => {
  const MB = 1024 * 1024;
  it('takes PDFs and PNG, JPEG, WebP images within the size', () => {
    expect(checkChosenFile({ type: 'application/pdf', size: MB, name: 'a.pdf' }, 10 * MB)).toBe('ok');
    expect(checkChosenFile({ type: 'image/webp', size: MB, name: 'a.webp' }, 10 * MB)).toBe('ok');
    expect(checkChosenFile({ type: '', size: 1, name: 'a.PDF' }, 10 * MB)).toBe('ok');
  });
  it('refuses SVG and other types, and files too large', () => {
    expect(checkChosenFile({ type: 'image/svg+xml', size: 1, name: 'a.svg' }, 10 * MB)).toBe('type');
    expect(checkChosenFile({ type: 'text/plain', size: 1, name: 'a.txt' }, 10 * MB)).toBe('type');
    expect(checkChosenFile({ type: 'image/png', size: 11 * MB, name: 'a.png' }, 10 * MB)).toBe('size');
  });
});
