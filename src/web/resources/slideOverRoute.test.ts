import { describe, expect, it } from 'vitest';
import { slideOverPath, slideOverTarget } from './slideOverRoute.js';

describe('the slide-over opens by route (reload and Back keep their place)', () => {
  it('opens nothing on the page itself', () => {
    expect(slideOverTarget('/news/setup', '/news/setup')).toBeUndefined();
    expect(slideOverTarget('/news/setup/', '/news/setup')).toBeUndefined();
    expect(slideOverTarget('/news', '/news/setup')).toBeUndefined();
  });
  it('creates on /create and edits on /:id', () => {
    expect(slideOverTarget('/news/setup/create', '/news/setup')).toEqual({ mode: 'create' });
    expect(slideOverTarget('/news/setup/12', '/news/setup')).toEqual({ mode: 'edit', id: '12' });
    expect(slideOverTarget('/news/setup/a%2Fb', '/news/setup')).toEqual({ mode: 'edit', id: 'a/b' });
  });
  it('ignores deeper paths, other pages and broken escapes', () => {
    expect(slideOverTarget('/news/setup/12/show', '/news/setup')).toBeUndefined();
    expect(slideOverTarget('/news/setupx/12', '/news/setup')).toBeUndefined();
    expect(slideOverTarget('/news/setup/%E0%A4%A', '/news/setup')).toBeUndefined();
  });
  it('builds the paths back', () => {
    expect(slideOverPath('/news/setup')).toBe('/news/setup');
    expect(slideOverPath('/news/setup/', { mode: 'create' })).toBe('/news/setup/create');
    expect(slideOverPath('/news/setup', { mode: 'edit', id: 'a/b' })).toBe('/news/setup/a%2Fb');
  });
});
