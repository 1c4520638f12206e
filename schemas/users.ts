import type { FromSchema } from 'json-schema-to-ts';
import { emailField } from './auth.js';
import { LIMITS } from './constants.js';
import { closedSchema, idsFilter, INT4_MAX, nonEmptySchema, notBlank, nullableDateTime } from './shared.js';
import type { UiHints } from './uiHints.js';
import type { AuthFlag, RoleName } from './user.js';

/**
 * Users and profile: the signed-in user's own account (/user-account: name, language,
 * theme, remembered devices, sessions) and a dealer group's staff (the `users` resource:
 * invitation, §6 permissions, disable, reset MFA).
 */

/** §6 role gates a dealer's staff can hold: Billing, Reports, Answering Service. */
export const STAFF_ROLES = ['reportRead', 'billingRead', 'level8'] as const satisfies readonly RoleName[];
/** §6 permission flags: Create New Account, the answering-service flag, Account Group Settings and Branding. */
export const STAFF_FLAGS = ['allowCreateAccountFlag', 'ansServiceBlockFlag', 'xtAdmin'] as const satisfies readonly AuthFlag[];

export const PROFILE_LANGUAGES = ['en', 'es', 'fr'] as const;
export const PROFILE_THEMES = ['light', 'dark'] as const;
const NAME_MAX = 100;

const nameField = { type: 'string', minLength: 1, maxLength: NAME_MAX, ...notBlank } as const;

/** The signed-in user's own profile. */
export const profileSchema = closedSchema('Profile', {
  username: { type: 'string' },
  name: { type: 'string' },
  email: { type: ['string', 'null'] },
  phoneNumber: { type: ['string', 'null'] },
  applicationNum: { type: 'integer' },
  language: { type: ['string', 'null'], enum: [...PROFILE_LANGUAGES, null] },
  theme: { type: ['string', 'null'], enum: [...PROFILE_THEMES, null] },
});
export type Profile = FromSchema<typeof profileSchema>;

/** PUT user/profile: any of name, language and theme. */
export const profileUpdateSchema = nonEmptySchema('ProfileUpdate', {
  name: nameField,
  language: { type: 'string', enum: PROFILE_LANGUAGES },
  theme: { type: 'string', enum: PROFILE_THEMES },
});
export type ProfileUpdate = FromSchema<typeof profileUpdateSchema>;

/** A remembered device ('Remember this device?') of the user. */
export const trustedDeviceSchema = closedSchema('TrustedDevice', {
  id: { type: 'string' },
  /** The browser's user agent when it was remembered. */
  label: { type: ['string', 'null'] },
  createdAt: { type: 'string', format: 'date-time' },
  lastUsedAt: nullableDateTime,
  /** This browser. */
  current: { type: 'boolean' },
});
export type TrustedDevice = FromSchema<typeof trustedDeviceSchema>;

/** One open session (sign-in) of the user. */
export const userSessionSchema = closedSchema('UserSession', {
  id: { type: 'string' },
  userAgent: { type: ['string', 'null'] },
  ip: { type: ['string', 'null'] },
  createdAt: { type: 'string', format: 'date-time' },
  lastSeenAt: { type: 'string', format: 'date-time' },
  /** The session of this request. */
  current: { type: 'boolean' },
});
export type UserSession = FromSchema<typeof userSessionSchema>;

/** How many were ended or revoked. */
export const revokedCountSchema = closedSchema('RevokedCount', { revoked: { type: 'integer', minimum: 0 } });

const permissionsProperties = {
  roles: { type: 'array', uniqueItems: true, maxItems: STAFF_ROLES.length, items: { type: 'string', enum: STAFF_ROLES } },
  flags: { type: 'array', uniqueItems: true, maxItems: STAFF_FLAGS.length, items: { type: 'string', enum: STAFF_FLAGS } },
} as const;

/** A user of the dealer's account group (the `users` resource). */
export const staffUserSchema = closedSchema('StaffUser', {
  id: { type: 'integer', minimum: 1, maximum: INT4_MAX },
  username: { type: 'string' },
  name: { type: 'string' },
  email: { type: ['string', 'null'] },
  roles: { type: 'array', items: { type: 'string', enum: STAFF_ROLES } },
  flags: { type: 'array', items: { type: 'string', enum: STAFF_FLAGS } },
  /** invited: no password set yet; disabled: may not sign in. */
  status: { type: 'string', enum: ['active', 'invited', 'disabled'] },
  mfaRequired: { type: 'boolean' },
  invitedAt: nullableDateTime,
  lastSignInAt: nullableDateTime,
  /** Whether the caller may change this user (not themselves, none holding more than they do). */
  manageable: { type: 'boolean' },
});
export type StaffUser = FromSchema<typeof staffUserSchema>;

export const STAFF_USER_SORT_FIELDS = ['id', 'name', 'username', 'status'] as const;

export const staffUserFilterSchema = closedSchema('StaffUserFilter', [], {
  q: { type: 'string', maxLength: 100 },
  status: { type: 'string', enum: ['active', 'invited', 'disabled'] },
  /** react-admin getMany: `filter={"id":[…]}`. */
  id: idsFilter,
});
export type StaffUserFilter = FromSchema<typeof staffUserFilterSchema>;

/** POST users: invite by email (the registration link), with §6 permissions no more than the inviter's. */
export const staffInviteSchema = closedSchema('StaffInvite', ['email', 'name', 'roles', 'flags'], {
  email: { ...emailField, maxLength: Math.min(LIMITS.emailMax, LIMITS.usernameMax) },
  name: nameField,
  ...permissionsProperties,
});
export type StaffInvite = FromSchema<typeof staffInviteSchema>;

/** The §6 roles and flags are one list of checkboxes (the `permissions` widget, drawn with the roles). */
const permissionsUi = {
  roles: { widget: 'permissions', row: 'permissions' },
  flags: { widget: 'permissions', row: 'permissions' },
} as const;

/** The invitation form (uiHints.ts). */
export const staffInviteUi = {
  order: ['email', 'name', 'roles', 'flags'],
  fields: { email: { label: 'users.invite.email', autoFocus: true }, name: { label: 'users.invite.name' }, ...permissionsUi },
} as const satisfies UiHints<keyof typeof staffInviteSchema.properties>;

/** PUT users/:id: the permissions, the name, or enabled. */
export const staffUpdateSchema = nonEmptySchema('StaffUpdate', {
  name: nameField,
  ...permissionsProperties,
  disabled: { type: 'boolean' },
});
export type StaffUpdate = FromSchema<typeof staffUpdateSchema>;

/** The manage dialog's form: the permissions; the name is not changed there, and Disable is an action of its own. */
export const staffPermissionsUi = {
  order: ['roles', 'flags'],
  hidden: ['name', 'disabled'],
  fields: permissionsUi,
} as const satisfies UiHints<keyof typeof staffUpdateSchema.properties>;
