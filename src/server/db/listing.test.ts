import { describe, expect, it } from 'vitest';
import { prefixRange } from './listing.js';

describe('prefixRange', () => {
  it('bounds the texts starting with a prefix by the prefix and its last character one code point higher', () => {
    expect(prefixRange('son')).toEqual({ lo: 'son', hi: 'soo' });
    // Wildcards are plain characters in a range.
    expect(prefixRange('50%_')).toEqual({ lo: '50%_', hi: '50%`' });
    expect(prefixRange('caf\u00e9')).toEqual({ lo: 'caf\u00e9', hi: 'caf\u00ea' });
    expect(prefixRange('a\u{1f600}')).toEqual({ lo: 'a\u{1f600}', hi: 'a\u{1f601}' });
  });
  it('skips the surrogates, steps past U+10FFFF, and has no upper bound when nothing is above', () => {
    expect(prefixRange('a\ud7ff')).toEqual({ lo: 'a\ud7ff', hi: 'a\ue000' });
    expect(prefixRange('ab\u{10ffff}')).toEqual({ lo: 'ab\u{10ffff}', hi: 'ac' });
    expect(prefixRange('\u{10ffff}')).toEqual({ lo: '\u{10ffff}', hi: undefined });
    expect(prefixRange('')).toEqual({ lo: '', hi: undefined });
  });
  it('reckons with a lone surrogate as the U+FFFD the database receives', () => {
    expect(prefixRange('x\ud800')).toEqual({ lo: 'x\ufffd', hi: 'x\ufffe' });
  });
});
