import { describe, expect, it } from 'vitest';
import { APPLICATION } from './constants.js';
import { grantable, manageRefusal, nextPermissions, permissionsAbove } from './userPermissions.js';

const admin = {
  applicationNum: APPLICATION.dealer,
  userId: 1,
  siteGroupNums: [9993, 4120],
  roles: ['reportRead', 'billingRead'],
  flags: ['xtAdmin', 'allowCreateAccountFlag'],
};

describe('permissionsAbove (never more than the inviter holds)', () => {
  it('allows what the inviter holds', () => {
    expect(permissionsAbove(admin, { roles: ['reportRead'], flags: ['xtAdmin'] })).toEqual([]);
    expect(permissionsAbove(admin, { roles: [], flags: [] })).toEqual([]);
  });
  it('names what the inviter lacks', () => {
    expect(permissionsAbove(admin, { roles: ['level8', 'reportRead'], flags: ['ansServiceBlockFlag'] })).toEqual([
      'level8',
      'ansServiceBlockFlag',
    ]);
  });
  it('refuses what is not on the §6 list, even for internal staff', () => {
    expect(permissionsAbove(admin, { roles: ['contactsRead'], flags: ['formsFlag'] })).toEqual(['contactsRead', 'formsFlag']);
    expect(
      permissionsAbove({ ...admin, applicationNum: APPLICATION.internal, roles: [], flags: [] }, { roles: ['zonesRead'], flags: [] }),
    ).toEqual(['zonesRead']);
  });
  it('does not cap internal staff within the list', () => {
    expect(
      permissionsAbove({ applicationNum: APPLICATION.internal, roles: [], flags: [] }, { roles: ['level8'], flags: ['xtAdmin'] }),
    ).toEqual([]);
  });
});

describe('manageRefusal', () => {
  const staff = { userId: 2, siteGroupNums: [9993], roles: ['reportRead'], flags: [] };
  it('lets the administrator manage a user of their group holding less', () => {
    expect(manageRefusal(admin, staff)).toBeUndefined();
  });
  it('refuses oneself', () => {
    expect(manageRefusal(admin, { ...staff, userId: 1 })).toBe('self');
  });
  it('refuses a user of a group the administrator lacks', () => {
    expect(manageRefusal(admin, { ...staff, siteGroupNums: [9993, 5877] })).toBe('outsideGroups');
  });
  it('refuses a user holding a permission the administrator lacks', () => {
    expect(manageRefusal(admin, { ...staff, roles: ['level8'] })).toBe('holdsMore');
  });
  it('ignores permissions outside the list (feature flags)', () => {
    expect(manageRefusal(admin, { ...staff, flags: ['formsFlag'] })).toBeUndefined();
  });
});

describe('nextPermissions', () => {
  it('sets the list as requested and keeps the rest', () => {
    expect(
      nextPermissions({ roles: ['reportRead', 'contactsRead'], flags: ['formsFlag', 'xtAdmin'] }, { roles: ['billingRead'], flags: [] }),
    ).toEqual({ roles: ['contactsRead', 'billingRead'], flags: ['formsFlag'] });
  });
});

describe('grantable', () => {
  it('picks the list in order', () => {
    expect(grantable({ roles: ['level8', 'zonesRead', 'reportRead'], flags: ['xtAdmin', 'formsFlag'] })).toEqual({
      roles: ['reportRead', 'level8'],
      flags: ['xtAdmin'],
    });
  });
});
