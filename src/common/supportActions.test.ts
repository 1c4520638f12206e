import { describe, expect, it } from 'vitest';
import { SUPPORT_ACTION_IDS } from '../../schemas/support.js';
import {
  availableActions,
  impersonationRefusal,
  privilegesOf,
  SUPPORT_ACTIONS,
  supportAccessEnd,
  supportAction,
  supportRefusal,
  supportStatus,
  type SupportPerson,
  type SupportTarget,
} from './supportActions.js';

const person = (userId: number, applicationNum: number, roles: string[] = [], flags: string[] = [], canEdit = false): SupportPerson => ({
  userId,
  applicationNum,
  roles,
  flags,
  canEdit,
});
const admin = person(1, 1, ['reportRead'], [], true);

const target = (patch: Partial<SupportTarget> = {}): SupportTarget => ({
  ...person(9, 2, ['reportRead']),
  disabled: false,
  hasPassword: true,
  emailVerified: true,
  passwordResetRequired: false,
  locked: false,
  contactMethods: 1,
  trustedDevices: 0,
  authenticator: false,
  passkeys: 0,
  openSessions: 0,
  ...patch,
});
const applies = (id: (typeof SUPPORT_ACTION_IDS)[number], patch: Partial<SupportTarget> = {}) => supportAction(id).applies(target(patch));

describe('who support may act on', () => {
  it('privileges are the roles, the flags and news editing', () => {
    expect(privilegesOf({ roles: ['reportRead'], flags: ['xtAdmin'], canEdit: true })).toEqual(['reportRead', 'xtAdmin', 'canEdit']);
    expect(privilegesOf({ roles: [], flags: [], canEdit: false })).toEqual([]);
  });
  it('only application-1 staff act', () => {
    expect(supportRefusal(person(2, 2, ['reportRead'], ['xtAdmin']), person(3, 2))).toBe('notStaff');
    expect(supportRefusal(person(2, 3), person(3, 3))).toBe('notStaff');
  });
  it('never on themselves', () => {
    expect(supportRefusal(admin, admin)).toBe('self');
  });
  it('on dealers and customers whatever they hold', () => {
    expect(supportRefusal(admin, person(5, 2, ['reportRead', 'billingRead', 'level8'], ['xtAdmin']))).toBeUndefined();
    expect(supportRefusal(admin, person(6, 3, ['contactsRead', 'billingRead']))).toBeUndefined();
  });
  it('on staff holding nothing the actor lacks, not on staff holding more', () => {
    expect(supportRefusal(admin, person(7, 1))).toBeUndefined();
    expect(supportRefusal(admin, person(7, 1, ['reportRead'], [], true))).toBeUndefined();
    expect(supportRefusal(admin, person(7, 1, ['reportRead', 'billingRead']))).toBe('higherPrivilege');
    expect(supportRefusal(person(1, 1, ['reportRead']), person(7, 1, ['reportRead'], [], true))).toBe('higherPrivilege');
  });
});

describe('whom support may impersonate', () => {
  it('dealers and customers, not staff, oneself or the disabled; only staff impersonate', () => {
    expect(impersonationRefusal(admin, { userId: 5, applicationNum: 2, disabled: false })).toBeUndefined();
    expect(impersonationRefusal(admin, { userId: 6, applicationNum: 3, disabled: false })).toBeUndefined();
    expect(impersonationRefusal(admin, { userId: 7, applicationNum: 1, disabled: false })).toBe('staff');
    expect(impersonationRefusal(admin, { userId: 1, applicationNum: 1, disabled: false })).toBe('self');
    expect(impersonationRefusal(admin, { userId: 5, applicationNum: 2, disabled: true })).toBe('disabled');
    expect(impersonationRefusal(person(2, 2), { userId: 5, applicationNum: 2, disabled: false })).toBe('notStaff');
  });
});

describe('a user status, first that applies', () => {
  const base = { disabled: false, hasPassword: true, locked: false, pendingRequirements: [] as string[] };
  it.each([
    ['active', base],
    ['pendingRequirements', { ...base, pendingRequirements: ['passwordResetRequired'] }],
    ['locked', { ...base, locked: true, pendingRequirements: ['passwordResetRequired'] }],
    ['invited', { ...base, hasPassword: false, locked: true }],
    ['disabled', { ...base, disabled: true, hasPassword: false }],
  ] as const)('%s', (status, input) => {
    expect(supportStatus(input)).toBe(status);
  });
});

describe('the support actions', () => {
  it('one definition per action name, each with its own audit line', () => {
    expect(SUPPORT_ACTIONS.map((a) => a.id)).toEqual([...SUPPORT_ACTION_IDS]);
    expect(new Set(SUPPORT_ACTIONS.map((a) => a.audit)).size).toBe(SUPPORT_ACTIONS.length);
  });
  it('unlock applies to a locked user only', () => {
    expect(applies('unlock', { locked: true })).toBe(true);
    expect(applies('unlock')).toBe(false);
  });
  it('reset MFA applies when there is a contact method or a remembered device', () => {
    expect(applies('resetMfa')).toBe(true);
    expect(applies('resetMfa', { contactMethods: 0, trustedDevices: 1 })).toBe(true);
    expect(applies('resetMfa', { contactMethods: 0 })).toBe(false);
    expect(applies('resetMfa', { disabled: true })).toBe(false);
  });
  it('reset authenticator app and remove passkeys apply when the user has them', () => {
    expect(applies('resetAuthenticator')).toBe(false);
    expect(applies('resetAuthenticator', { authenticator: true })).toBe(true);
    expect(applies('resetAuthenticator', { authenticator: true, disabled: true })).toBe(false);
    expect(applies('resetPasskeys')).toBe(false);
    expect(applies('resetPasskeys', { passkeys: 2 })).toBe(true);
  });
  it('require password reset: a user with a password not yet asked for a new one', () => {
    expect(applies('requirePasswordReset')).toBe(true);
    expect(applies('requirePasswordReset', { passwordResetRequired: true })).toBe(false);
    expect(applies('requirePasswordReset', { hasPassword: false })).toBe(false);
  });
  it('resend registration: no password yet, or a customer whose email is not verified', () => {
    expect(applies('resendRegistration', { hasPassword: false })).toBe(true);
    expect(applies('resendRegistration', { applicationNum: 3, emailVerified: false })).toBe(true);
    expect(applies('resendRegistration', { applicationNum: 2, emailVerified: false })).toBe(false);
    expect(applies('resendRegistration')).toBe(false);
    expect(applies('resendRegistration', { hasPassword: false, disabled: true })).toBe(false);
  });
  it('disable and enable exclude each other', () => {
    expect([applies('disable'), applies('enable')]).toEqual([true, false]);
    expect([applies('disable', { disabled: true }), applies('enable', { disabled: true })]).toEqual([false, true]);
  });
  it('sign out everywhere needs an open session', () => {
    expect(applies('signOutEverywhere')).toBe(false);
    expect(applies('signOutEverywhere', { openSessions: 2 })).toBe(true);
  });
  it('none is available while the caller is refused', () => {
    expect(availableActions(target({ locked: true }), undefined)).toContainEqual({ action: 'unlock', available: true });
    expect(availableActions(target({ locked: true }), 'higherPrivilege').every((a) => !a.available)).toBe(true);
  });
});

describe('a support access line', () => {
  const row = { expiresAt: '2026-01-01T10:30:00.000Z', endedAt: null };
  it('in progress until it expires; ended or expired when', () => {
    expect(supportAccessEnd({ ...row, state: 'active' })).toEqual({ key: 'support.supportAccess.active', date: row.expiresAt });
    expect(supportAccessEnd({ ...row, state: 'ended', endedAt: '2026-01-01T10:12:00.000Z' })).toEqual({
      key: 'support.supportAccess.ended',
      date: '2026-01-01T10:12:00.000Z',
    });
    expect(supportAccessEnd({ ...row, state: 'expired', endedAt: row.expiresAt })).toEqual({
      key: 'support.supportAccess.expired',
      date: row.expiresAt,
    });
  });
});
