import { describe, expect, it } from 'vitest';
import { formatPublishedAt, publisherName, startingText, versionPath } from './privacyPolicyRules.js';

describe('privacy policy versions (staff screen)', () => {
  it('a version opens on its own address under the page', () => {
    expect(versionPath(3)).toBe('/privacy-policy/3');
  });

  it('the publication date and time read in the language of the reader', () => {
    const iso = '2026-03-05T14:30:00.000Z';
    expect(formatPublishedAt(iso, 'en', 'UTC')).toBe('Mar 5, 2026, 2:30 PM');
    expect(formatPublishedAt(iso, 'fr', 'UTC')).toBe('5 mars 2026, 14:30');
    expect(formatPublishedAt(iso, 'es', 'UTC')).toMatch(/^5 mar 2026, 14:30$/);
  });

  it('a publisher whose account is gone is named as unknown', () => {
    expect(publisherName({ publishedBy: 'Sam Support' }, 'Unknown')).toBe('Sam Support');
    expect(publisherName({ publishedBy: null }, 'Unknown')).toBe('Unknown');
    expect(publisherName({ publishedBy: '  ' }, 'Unknown')).toBe('Unknown');
  });

  it('the form starts from the latest text, empty before the first version, and waits for the text', () => {
    expect(startingText(undefined, false)).toBeUndefined();
    expect(startingText(undefined, true)).toBe('');
    expect(startingText({ policyText: '# Policy' }, true)).toBe('# Policy');
    expect(startingText({}, true)).toBeUndefined();
  });
});
