import { describe, expect, it } from 'vitest';
import { AUTH_FLAGS, type AuthFlag } from '../../../schemas/user.js';
import { headerLayout, isSmallScreen, screenClass, SMALL_SCREEN_QUERY, type Viewport } from './headerRules.js';
import type { MenuUser } from './menuRules.js';

const noFlags = Object.fromEntries(AUTH_FLAGS.map((f) => [f, false])) as Record<AuthFlag, boolean>;
const user = (applicationNum: number): MenuUser => ({ applicationNum, roles: [], authItems: noFlags, canEdit: false });
const phone: Viewport = { width: 390, height: 844 };
const desktop: Viewport = { width: 1280, height: 800 };
const at = (applicationNum: number, viewport: Viewport) => headerLayout(user(applicationNum), screenClass(viewport));

describe('small screen (SPEC §9: width under 640 px or height under 768 px)', () => {
  it('a phone, a short laptop and a narrow window are small', () => {
    expect(isSmallScreen(phone)).toBe(true);
    expect(isSmallScreen({ width: 1280, height: 700 })).toBe(true);
    expect(isSmallScreen({ width: 639, height: 1000 })).toBe(true);
    expect(isSmallScreen({ width: 1000, height: 767 })).toBe(true);
  });
  it('640 px wide and 768 px high is not', () => {
    expect(isSmallScreen({ width: 640, height: 768 })).toBe(false);
    expect(isSmallScreen(desktop)).toBe(false);
  });
  it('the media query says the same, width or height', () => {
    expect(SMALL_SCREEN_QUERY).toBe('(max-width: 639.95px), (max-height: 767.95px)');
  });
  it('the site sidebar fits from 900 px wide', () => {
    expect(screenClass({ width: 899, height: 900 }).sidebarFits).toBe(false);
    expect(screenClass({ width: 900, height: 900 }).sidebarFits).toBe(true);
  });
});

describe('header controls on a large screen: all in the bar, as before', () => {
  it('dealer: switcher, search, sidebar toggle, help, refresh, user menu', () => {
    expect(at(2, desktop)).toEqual({
      compact: false,
      bar: ['switcher', 'search', 'siteSidebar', 'help', 'refresh', 'userMenu'],
      overflow: [],
      drawer: [],
    });
  });
  it('customer (MSA): account switcher, search, refresh, user menu; no help, no sidebar', () => {
    expect(at(3, desktop).bar).toEqual(['switcher', 'search', 'refresh', 'userMenu']);
  });
  it('internal staff: no switcher', () => {
    expect(at(1, desktop).bar).toEqual(['search', 'siteSidebar', 'help', 'refresh', 'userMenu']);
  });
  it('under 900 px wide the site sidebar and its toggle are gone', () => {
    expect(at(2, { width: 800, height: 900 }).bar).not.toContain('siteSidebar');
  });
});

describe('header controls on a small screen: compact bar', () => {
  it('dealer on a phone: only the overflow button in the bar; the switcher in the drawer', () => {
    expect(at(2, phone)).toEqual({
      compact: true,
      bar: ['more'],
      overflow: ['search', 'help', 'refresh', 'userMenu'],
      drawer: ['switcher'],
    });
  });
  it('customer on a phone: the account switcher in the drawer; search, refresh and the user menu in the overflow', () => {
    expect(at(3, phone)).toEqual({ compact: true, bar: ['more'], overflow: ['search', 'refresh', 'userMenu'], drawer: ['switcher'] });
  });
  it('internal staff on a phone: nothing in the drawer', () => {
    expect(at(1, phone).drawer).toEqual([]);
  });
  it('a short wide screen keeps the sidebar toggle, in the overflow', () => {
    expect(at(2, { width: 1280, height: 700 }).overflow).toEqual(['search', 'siteSidebar', 'help', 'refresh', 'userMenu']);
  });
  it('the user menu (Log Out) is always reachable, in the bar or the overflow', () => {
    for (const app of [1, 2, 3])
      for (const viewport of [phone, desktop, { width: 320, height: 568 }, { width: 1280, height: 700 }]) {
        const layout = at(app, viewport);
        expect([...layout.bar, ...layout.overflow]).toContain('userMenu');
        if (layout.overflow.length > 0) expect(layout.bar).toContain('more');
      }
  });
});
