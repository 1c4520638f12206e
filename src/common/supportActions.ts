import { APPLICATION } from './constants.js';
import { SUPPORT_ACTION_IDS, type SupportAccess, type SupportActionId, type SupportUserStatus } from '../../schemas/support.js';
import type { AuditAction } from './auditActions.js';

/**
 * Support's rules (/support), pure, shared by the server (which enforces them) and the
 * web page (which offers only what they allow):
 * - who may act on whom (privilege), and whom one may impersonate;
 * - a user's sign-in status;
 * - the actions support takes on a user's sign-in, each one definition: when it applies, whether
 *   it is destructive (the dialog's confirm button), its audit line. Texts are locale keys
 *   `support.actions.<id>.*` (label, title, description, done).
 *
 * Adding an action (say 'resetPasskeys'): its name in SUPPORT_ACTION_IDS (schemas/support.ts), its
 * definition below, its handler in src/server/users/supportActionHandlers.ts and its four texts
 * in locales/{en,es,fr}/support.json. The page and the route pick it up from there.
 */

/** What the rules need to know of a user (the one acting, or the one acted on). */
export interface SupportPerson {
  userId: number;
  applicationNum: number;
  roles: readonly string[];
  flags: readonly string[];
  canEdit: boolean;
}

/** The target's sign-in state the actions look at. */
export interface SupportTarget extends SupportPerson {
  disabled: boolean;
  hasPassword: boolean;
  emailVerified: boolean;
  passwordResetRequired: boolean;
  /** Blocked from at least one address after failed sign-ins (throttle). */
  locked: boolean;
  contactMethods: number;
  trustedDevices: number;
  /** An authenticator app is set up (TOTP). */
  authenticator: boolean;
  passkeys: number;
  openSessions: number;
}

/**
 * A user's privileges: their §6 roles, their permission flags and news editing (canEdit). Staff
 * hold "higher privilege" than an actor when they hold any privilege the actor lacks.
 */
export function privilegesOf(user: Pick<SupportPerson, 'roles' | 'flags' | 'canEdit'>): string[] {
  return [...new Set([...user.roles, ...user.flags, ...(user.canEdit ? ['canEdit'] : [])])];
}

export type SupportRefusal = 'notStaff' | 'self' | 'higherPrivilege';

/**
 * Whether `actor` may take support actions on `target`: only application-1 staff; never on
 * themselves (their own account is /user-account's); and on another application-1 user only when
 * the target holds no privilege the actor lacks. Dealers and customers are never above staff.
 * Undefined when they may; else why not.
 */
export function supportRefusal(actor: SupportPerson, target: SupportPerson): SupportRefusal | undefined {
  if (actor.applicationNum !== APPLICATION.internal) return 'notStaff';
  if (actor.userId === target.userId) return 'self';
  if (target.applicationNum === APPLICATION.internal) {
    const held = privilegesOf(actor);
    if (privilegesOf(target).some((privilege) => !held.includes(privilege))) return 'higherPrivilege';
  }
  return undefined;
}

export type ImpersonationRefusal = 'notStaff' | 'self' | 'staff' | 'disabled';

/**
 * Whether `actor` may impersonate `target`: application-1 staff only, never another application-1
 * user (staff do not act as staff, whatever their privileges), never a disabled user.
 */
export function impersonationRefusal(
  actor: Pick<SupportPerson, 'userId' | 'applicationNum'>,
  target: Pick<SupportPerson, 'userId' | 'applicationNum'> & { disabled: boolean },
): ImpersonationRefusal | undefined {
  if (actor.applicationNum !== APPLICATION.internal) return 'notStaff';
  if (actor.userId === target.userId) return 'self';
  if (target.applicationNum === APPLICATION.internal) return 'staff';
  if (target.disabled) return 'disabled';
  return undefined;
}

/**
 * A user's status, the first that applies: disabled; invited (no password yet); locked (blocked
 * from an address after failed sign-ins); pending requirements (a login step waits); active.
 * The directory's SQL (src/server/users/supportRepository.ts statusSql) is the same rule.
 */
export function supportStatus(input: {
  disabled: boolean;
  hasPassword: boolean;
  locked: boolean;
  pendingRequirements: readonly string[];
}): SupportUserStatus {
  if (input.disabled) return 'disabled';
  if (!input.hasPassword) return 'invited';
  if (input.locked) return 'locked';
  if (input.pendingRequirements.length) return 'pendingRequirements';
  return 'active';
}

export interface SupportActionDefinition {
  id: SupportActionId;
  /** The audit log's action (details carry the reason). */
  audit: AuditAction;
  /** Takes something away from the user (sessions, access, MFA): the dialog's confirm button warns. */
  danger: boolean;
  /** Whether the action means anything for this user now (else the page hides it and the server answers 409). */
  applies: (target: SupportTarget) => boolean;
}

export const SUPPORT_ACTIONS: readonly SupportActionDefinition[] = [
  { id: 'unlock', audit: 'support.unlocked', danger: false, applies: (t) => t.locked },
  {
    id: 'resetMfa',
    audit: 'support.mfaReset',
    danger: true,
    applies: (t) => !t.disabled && (t.contactMethods > 0 || t.trustedDevices > 0),
  },
  { id: 'resetAuthenticator', audit: 'support.authenticatorReset', danger: true, applies: (t) => !t.disabled && t.authenticator },
  { id: 'resetPasskeys', audit: 'support.passkeysReset', danger: true, applies: (t) => !t.disabled && t.passkeys > 0 },
  {
    id: 'requirePasswordReset',
    audit: 'support.passwordResetRequired',
    danger: false,
    applies: (t) => !t.disabled && t.hasPassword && !t.passwordResetRequired,
  },
  {
    id: 'resendRegistration',
    audit: 'support.registrationResent',
    danger: false,
    applies: (t) => !t.disabled && (!t.hasPassword || (t.applicationNum === APPLICATION.customer && !t.emailVerified)),
  },
  { id: 'disable', audit: 'support.disabled', danger: true, applies: (t) => !t.disabled },
  { id: 'enable', audit: 'support.enabled', danger: false, applies: (t) => t.disabled },
  { id: 'signOutEverywhere', audit: 'support.signedOutEverywhere', danger: true, applies: (t) => t.openSessions > 0 },
];

/** The definition of an action. */
export function supportAction(id: SupportActionId): SupportActionDefinition {
  return SUPPORT_ACTIONS.find((action) => action.id === id)!;
}

/** Every action, in the page's order, with whether it applies to the target (none while the caller is refused). */
export function availableActions(target: SupportTarget, refusal: SupportRefusal | undefined) {
  return SUPPORT_ACTION_IDS.map((id) => ({ action: id, available: !refusal && supportAction(id).applies(target) }));
}

/**
 * How one line of support access ends, as the impersonated user and support read it: in progress
 * until its expiry, ended at, or expired at (the texts `support.supportAccess.<state>`).
 */
export function supportAccessEnd(row: Pick<SupportAccess, 'state' | 'endedAt' | 'expiresAt'>): { key: string; date: string } {
  if (row.state === 'active') return { key: 'support.supportAccess.active', date: row.expiresAt };
  return { key: `support.supportAccess.${row.state}`, date: row.endedAt ?? row.expiresAt };
}
