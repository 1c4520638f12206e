import { describe, expect, it } from 'vitest';
import { SITE_STATUSES } from '../../../schemas/sites.js';
import { STATUS_COLORS } from './siteStatus.js';

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('status tags (WCAG: text, not colour alone)', () => {
  it.each(SITE_STATUSES)('%s: white text on its colour is at least 4.5:1', (status) => {
    expect(contrast(STATUS_COLORS[status], '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
  it('every status has its own colour', () => {
    expect(new Set(Object.values(STATUS_COLORS)).size).toBe(SITE_STATUSES.length);
  });
});
