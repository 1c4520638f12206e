import { describe, expect, it } from 'vitest';
import { AUTH_FLAGS, type AuthFlag } from '../../../schemas/user.js';
import { AREA_ROUTES, mayOpen } from './areaRoutes.js';

const noFlags = Object.fromEntries(AUTH_FLAGS.map((f) => [f, false])) as Record<AuthFlag, boolean>;
const user = (applicationNum: number, roles: string[] = [], flags: Partial<Record<AuthFlag, boolean>> = {}) => ({
  applicationNum,
  roles,
  authItems: { ...noFlags, ...flags },
  canEdit: false,
});
const route = (path: string) => AREA_ROUTES.find((r) => r.path === path)!;

describe('area routes (SPEC §2, §6)', () => {
  it('every route has a unique path and a page title', () => {
    expect(new Set(AREA_ROUTES.map((r) => r.path)).size).toBe(AREA_ROUTES.length);
    for (const r of AREA_ROUTES) expect(r.titleKey).toMatch(/^shell\.pages\./);
  });
  it('customers cannot open dealer pages and dealers cannot open MSA pages', () => {
    expect(mayOpen(user(3), route('/home/dashboard'))).toBe(false);
    expect(mayOpen(user(2), route('/msa/summary'))).toBe(false);
    expect(mayOpen(user(3), route('/msa/summary'))).toBe(true);
  });
  it('gated pages follow their drawer item', () => {
    expect(mayOpen(user(2), route('/billing'))).toBe(false);
    expect(mayOpen(user(2, ['billingRead']), route('/billing'))).toBe(true);
    expect(mayOpen(user(2, [], { xtAdmin: true }), route('/branding'))).toBe(true);
    expect(mayOpen(user(1, ['reportRead']), route('/support'))).toBe(true);
    expect(mayOpen(user(2, ['reportRead']), route('/support'))).toBe(false);
    expect(mayOpen(user(3, ['contactsRead']), route('/msa/contacts'))).toBe(true);
    expect(mayOpen(user(3), route('/msa/contacts'))).toBe(false);
  });
});
