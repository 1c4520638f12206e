import { describe, expect, it } from 'vitest';
import { canAccess, type AccessUser } from './access.js';

const staff: AccessUser = { applicationNum: 1, canEdit: true, roles: ['reportRead'] };
const staffReadOnly: AccessUser = { ...staff, canEdit: false };
const dealer: AccessUser = { applicationNum: 2, canEdit: false, roles: [] };
const customer: AccessUser = { applicationNum: 3, canEdit: false, roles: [] };

describe('news access (SPEC §6)', () => {
  it("lets applications 1 and 2 read: 'News page: applications 1 and 2'", () => {
    expect([staff, dealer, customer].map((u) => canAccess(u, { resource: 'news', action: 'list' }))).toEqual([true, true, false]);
  });
  it("opens setup to application 1 only: 'News setup: application 1 only'", () => {
    expect([staff, staffReadOnly, dealer].map((u) => canAccess(u, { resource: 'news', action: 'setup' }))).toEqual([true, true, false]);
  });
  it("lets only canEdit users write: 'with editing only when the user has canEdit'", () => {
    for (const action of ['create', 'edit', 'delete'] as const) {
      expect([staff, staffReadOnly, dealer].map((u) => canAccess(u, { resource: 'news', action }))).toEqual([true, false, false]);
    }
  });
  it('refuses anyone not signed in, and unknown resources', () => {
    expect(canAccess(null, { resource: 'news', action: 'list' })).toBe(false);
    expect(canAccess(staff, { resource: 'nothing', action: 'list' })).toBe(false);
  });
});

describe('status banner and privacy policy editing (SPEC §6 Banner Settings, app 1)', () => {
  it('lets only application-1 users with canEdit edit them', () => {
    for (const resource of ['statusBanner', 'privacyPolicy']) {
      expect([staff, staffReadOnly, dealer, customer].map((u) => canAccess(u, { resource, action: 'edit' }))).toEqual([
        true,
        false,
        false,
        false,
      ]);
    }
  });
});
