import type { FromSchema } from 'json-schema-to-ts';
import { closedObject, closedObjectArray, closedSchema, idsFilter, INT4_MAX, notBlank, nullableDateTime } from './shared.js';

/**
 * Support (/support): application-1 staff with §6 reportRead find every user
 * (`GET /api/users?filter={"q":…}`), open a user's page (`GET /api/users/{id}`), act on their
 * sign-in with a reason (`POST /api/users/{id}/supportActions/{action}`) and impersonate them
 * (`POST /api/impersonation`); the impersonated user sees it afterwards on /user-account
 * (`GET /api/user/supportAccess`).
 */

/** A user's sign-in status as support sees it, the first that applies (src/common/supportActions.ts supportStatus). */
export const SUPPORT_USER_STATUSES = ['disabled', 'invited', 'locked', 'pendingRequirements', 'active'] as const;
export type SupportUserStatus = (typeof SUPPORT_USER_STATUSES)[number];

/**
 * The support actions, each with a required reason and an audit line (their rules and texts:
 * src/common/supportActions.ts). A new action is a new name here, its definition there and its
 * handler in src/server/users/supportActionHandlers.ts (the compiler asks for each).
 */
export const SUPPORT_ACTION_IDS = [
  'unlock',
  'resetMfa',
  'resetAuthenticator',
  'resetPasskeys',
  'requirePasswordReset',
  'resendRegistration',
  'disable',
  'enable',
  'signOutEverywhere',
] as const;
export type SupportActionId = (typeof SUPPORT_ACTION_IDS)[number];

/** Impersonation lengths a support user may choose, in minutes. */
export const IMPERSONATION_MINUTES = [15, 30, 60] as const;
export const SUPPORT_REASON_MAX = 500;

export const SUPPORT_USER_SORT_FIELDS = ['id', 'name', 'username', 'applicationNum', 'status', 'lastSignInAt'] as const;

const reasonField = { type: 'string', minLength: 1, maxLength: SUPPORT_REASON_MAX, ...notBlank } as const;
const id = { type: 'integer', minimum: 1, maximum: INT4_MAX } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const status = { type: 'string', enum: SUPPORT_USER_STATUSES } as const;

/** GET users?filter=…, as support: a substring of username, name, email, phone, dealer or account number. */
export const supportUserFilterSchema = closedSchema('SupportUserFilter', [], {
  q: { type: 'string', maxLength: 100 },
  status,
  applicationNum: { type: 'integer', enum: [1, 2, 3] },
  /** react-admin getMany: `filter={"id":[…]}`. */
  id: idsFilter,
});
export type SupportUserFilter = FromSchema<typeof supportUserFilterSchema>;

/** One row of the directory. */
export const supportUserSchema = closedSchema('SupportUser', {
  id,
  username: { type: 'string' },
  name: { type: 'string' },
  email: { type: ['string', 'null'] },
  phoneNumber: { type: ['string', 'null'] },
  applicationNum: { type: 'integer', enum: [1, 2, 3] },
  /** A dealer's (application 2) dealer number and first account group; a customer's: the dealer of their default linked account. */
  dealerNumber: { type: ['string', 'null'] },
  dealerName: { type: ['string', 'null'] },
  status,
  lastSignInAt: nullableDateTime,
});
export type SupportUser = FromSchema<typeof supportUserSchema>;

/** One time support acted as the user (GET user/supportAccess, and the support user page). */
const supportAccessFields = closedObject({
  id,
  /** The support user's display name. */
  supportName: { type: 'string' },
  reason: { type: 'string' },
  durationMinutes: { type: 'integer' },
  startedAt: dateTime,
  expiresAt: dateTime,
  /** When it ended (ended by support, signed out, or expired); null while it lasts. */
  endedAt: nullableDateTime,
  state: { type: 'string', enum: ['active', 'ended', 'expired'] },
});
export const supportAccessSchema = { $id: 'SupportAccess', ...supportAccessFields } as const;
export type SupportAccess = FromSchema<typeof supportAccessSchema>;

/** What support may do to this user now: each action with whether it applies, and why not when refused. */
const actionAvailability = closedObject({
  action: { type: 'string', enum: SUPPORT_ACTION_IDS },
  available: { type: 'boolean' },
});

/** One user's page (GET users/{id} as support). */
export const supportUserDetailSchema = {
  $id: 'SupportUserDetail',
  ...closedObject(
    [
      'id',
      'username',
      'name',
      'email',
      'phoneNumber',
      'applicationNum',
      'dealerNumber',
      'dealerName',
      'status',
      'lastSignInAt',
      'createdAt',
      'disabledAt',
      'invitedAt',
      'emailVerified',
      'roles',
      'flags',
      'canEdit',
      'accountGroups',
      'linkedAccounts',
      'contactMethods',
      'pendingRequirements',
      'locks',
      'accountChallenge',
      'trustedDevices',
      'sessions',
      'signInAttempts',
      'supportAccess',
      'actions',
      'refusal',
      'impersonation',
    ],
    {
      ...supportUserSchema.properties,
      createdAt: dateTime,
      disabledAt: nullableDateTime,
      invitedAt: nullableDateTime,
      emailVerified: { type: 'boolean' },
      roles: { type: 'array', items: { type: 'string' } },
      flags: { type: 'array', items: { type: 'string' } },
      canEdit: { type: 'boolean' },
      /** Dealers and staff: the account groups they belong to. */
      accountGroups: closedObjectArray({
        siteGroupNum: { type: 'integer' },
        siteGroupName: { type: 'string' },
        dealerNumber: { type: 'string' },
        current: { type: 'boolean' },
      }),
      /** Customers: their linked alarm accounts. */
      linkedAccounts: closedObjectArray({
        siteNum: { type: 'integer' },
        siteName: { type: 'string' },
        siteGroupName: { type: ['string', 'null'] },
        isDefault: { type: 'boolean' },
      }),
      contactMethods: closedObjectArray({
        type: { type: 'string', enum: ['cellPhone', 'email'] },
        value: { type: 'string' },
        verified: { type: 'boolean' },
      }),
      /** Login steps the next sign-in asks for (SPEC §3 reqs flags, without the per-sign-in MFA code). */
      pendingRequirements: { type: 'array', items: { type: 'string' } },
      /** Addresses the account is blocked from after failed sign-ins, until when. */
      locks: closedObjectArray({ address: { type: 'string' }, failures: { type: 'integer' }, blockedUntil: dateTime }),
      trustedDevices: closedObjectArray({
        id: { type: 'string' },
        label: { type: ['string', 'null'] },
        createdAt: dateTime,
        lastUsedAt: nullableDateTime,
      }),
      /** Open sessions, an impersonation's with the support user's name. */
      sessions: closedObjectArray({
        id: { type: 'string' },
        ip: { type: ['string', 'null'] },
        userAgent: { type: ['string', 'null'] },
        createdAt: dateTime,
        lastSeenAt: dateTime,
        expiresAt: dateTime,
        impersonatedBy: { type: ['string', 'null'] },
      }),
      /**
       * The account's challenge against guesses from many addresses (throttle.ts
       * SIGN_IN_ACCOUNT_POLICY): wrong passwords within the hour, and until when every sign-in to
       * the account asks for a captcha; null while it does not.
       */
      accountChallenge: {
        type: ['object', 'null'],
        additionalProperties: false,
        required: ['failures', 'until'],
        properties: {
          failures: { type: 'integer', minimum: 0 },
          until: dateTime,
        },
      },
      /** The newest sign-in attempts (the audit log's login lines). */
      signInAttempts: closedObjectArray({
        at: dateTime,
        ip: { type: ['string', 'null'] },
        result: { type: 'string', enum: ['succeeded', 'failed', 'throttled', 'captchaRequired'] },
      }),
      /** Impersonations of this user, newest first. */
      supportAccess: { type: 'array', items: supportAccessFields },
      actions: { type: 'array', items: actionAvailability },
      /** Why the caller may not act on this user at all (src/common/supportActions.ts supportRefusal), else null. */
      refusal: { type: ['string', 'null'], enum: ['notStaff', 'self', 'higherPrivilege', null] },
      /** Whether the caller may impersonate this user, and why not. */
      impersonation: closedObject({
        available: { type: 'boolean' },
        refusal: { type: ['string', 'null'], enum: ['notStaff', 'self', 'staff', 'disabled', null] },
      }),
    },
  ),
} as const;
export type SupportUserDetail = FromSchema<typeof supportUserDetailSchema>;

/** POST users/{id}/supportActions/{action}: why (required, audited). */
export const supportActionBodySchema = closedSchema('SupportActionBody', { reason: reasonField });
export type SupportActionBody = FromSchema<typeof supportActionBodySchema>;

export const supportActionParamsSchema = {
  type: 'object',
  required: ['id', 'action'],
  properties: { id, action: { type: 'string', enum: SUPPORT_ACTION_IDS } },
} as const;

/** POST impersonation: whom, why and for how long. */
export const impersonationStartSchema = closedSchema('ImpersonationStart', {
  userId: id,
  reason: reasonField,
  durationMinutes: { type: 'integer', enum: IMPERSONATION_MINUTES },
});
export type ImpersonationStart = FromSchema<typeof impersonationStartSchema>;
