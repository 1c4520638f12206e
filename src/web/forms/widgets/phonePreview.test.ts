import { describe, expect, it } from 'vitest';
import { phonePreview } from './phonePreview.js';

describe('the phone widget', () => {
  it('says nothing while the number is empty or not yet valid', () => {
    expect(phonePreview('')).toBeUndefined();
    expect(phonePreview('12')).toBeUndefined();
    expect(phonePreview('555-0187')).toBeUndefined();
  });
  it('shows a good number as it will be saved, formatted', () => {
    expect(phonePreview('212.555.0134')).toBe('(212) 555-0134');
    expect(phonePreview('212.555.0134 x7')).toBe('(212) 555-0134 ext. 7');
    expect(phonePreview('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });
});
