import { describe, expect, it } from 'vitest';
import { helpFrameUrl } from './KnowledgeBasePage.js';
import { ICONS_LAST_UPDATED, sortedIconNames } from './IconsPage.js';

describe('knowledge base frame (SPEC §2)', () => {
  it('rte opens a help route under the help centre', () => {
    expect(helpFrameUrl('/help/', null)).toBe('/help/');
    expect(helpFrameUrl('/help', 'live-alarms.html')).toBe('/help/live-alarms.html');
    expect(helpFrameUrl('https://help.example.com/', '/articles/1')).toBe('https://help.example.com/articles/1');
  });
  it('never leaves the help centre', () => {
    expect(helpFrameUrl('/help/', 'javascript:alert(1)')).toBe('/help/');
    expect(helpFrameUrl('/help/', '../api/me')).toBe('/help/');
    expect(helpFrameUrl('/help/', 'https://evil.example')).toBe('/help/');
  });
});

describe('icons viewer', () => {
  it("alphabetical, 'Last updated' 2025-02-07", () => {
    expect(sortedIconNames(['zones', 'billing', 'home'])).toEqual(['billing', 'home', 'zones']);
    expect(ICONS_LAST_UPDATED).toBe('2025-02-07');
  });
});
