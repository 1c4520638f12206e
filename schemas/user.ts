import type { FromSchema } from 'json-schema-to-ts';
import { APPLICATION, LIMITS } from './constants.js';
import { emailField, mfaCodeField, optionalPhonePattern } from './auth.js';
import { RECOVERY_LIMITS } from './recovery.js';
import { booleanProperties, closedObject, closedSchema, INT4_MAX, int4Range } from './shared.js';
import type { UiHints } from './uiHints.js';

/** Users, MSA users and account links: SPEC §3, §5 'MSA account', §6 roles, §7 customer calls. */

/** §3 'Roles/permission names'. */
export const ROLE_NAMES = [
  'noActionRead',
  'contactsRead',
  'zonesRead',
  'sitePasscodeRead',
  'scheduleRead',
  'billingRead',
  'reportRead',
  'level8',
] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** §3 user authItems: feature flags and permission flags (§6). */
export const AUTH_FLAGS = [
  'formsFlag',
  'allowViewCertificate',
  'stagesDealerURLFlag',
  'allowCreateAccountFlag',
  'ansServiceBlockFlag',
  'xtAdmin',
] as const;
export type AuthFlag = (typeof AUTH_FLAGS)[number];

/** §3 user: the signed-in person, whatever the application. */
export const userSchema = closedSchema(
  'User',
  ['name', 'email', 'initials', 'phoneNumber', 'applicationNum', 'authItems', 'roles', 'appUserNum', 'dealer', 'canEdit'],
  {
    name: { type: 'string' },
    email: { type: ['string', 'null'] },
    initials: { type: 'string' },
    phoneNumber: { type: ['string', 'null'] },
    applicationNum: { type: 'integer', enum: [APPLICATION.internal, APPLICATION.dealer, APPLICATION.customer] },
    authItems: closedObject(booleanProperties(AUTH_FLAGS)),
    roles: { type: 'array', uniqueItems: true, items: { type: 'string', enum: ROLE_NAMES } },
    appUserNum: { type: 'integer', ...int4Range },
    /** The current account group; null for users without one (internal staff, customers). */
    dealer: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['siteGroupNum', 'siteGroupName'],
      properties: {
        siteGroupNum: { type: 'integer', ...int4Range },
        siteGroupName: { type: 'string' },
        /** §6 Answering Service shows only for dealers that have one. */
        hasAnsweringService: { type: 'boolean' },
      },
    },
    /** §6: news setup is editable only with canEdit. */
    canEdit: { type: 'boolean' },
    /** §4 impersonation: support staff are acting as this user in this session. */
    impersonating: { type: 'boolean' },
    /** The language and theme saved on /user-account, applied at sign-in; null until chosen. */
    preferences: closedObject({
      language: { type: ['string', 'null'], enum: ['en', 'es', 'fr', null] },
      theme: { type: ['string', 'null'], enum: ['light', 'dark', null] },
    }),
  },
);
export type User = FromSchema<typeof userSchema>;

/** §3 account link: one alarm account an MSA user manages. */
const accountLinkFields = closedObject(
  ['siteNum', 'siteName', 'address', 'devices', 'xmit', 'isFavorite', 'headerLogoUrl', 'darkHeaderLogoUrl'],
  {
    siteNum: { type: 'integer', ...int4Range },
    siteName: { type: 'string' },
    address: { type: ['string', 'null'] },
    devices: { type: 'array', items: { type: 'integer', ...int4Range } },
    xmit: { type: 'string' },
    /** Only one link is the default (favourite) at a time. */
    isFavorite: { type: 'boolean' },
    headerLogoUrl: { type: ['string', 'null'] },
    darkHeaderLogoUrl: { type: ['string', 'null'] },
    /** The active account: the one last switched to, else the default, else the first. */
    isActive: { type: 'boolean' },
  },
);
export const accountLinkSchema = { $id: 'AccountLink', ...accountLinkFields } as const;
export type AccountLink = FromSchema<typeof accountLinkSchema>;

/** §3 MSA user. */
export const msaUserSchema = closedSchema('MsaUser', {
  email: { type: 'string' },
  phoneNumber: { type: ['string', 'null'] },
  accountLinks: { type: 'array', items: accountLinkFields },
});
export type MsaUser = FromSchema<typeof msaUserSchema>;

/**
 * §5 MSA account: email required, valid, max 128; phone max 32 and a valid
 * phone number (empty or null clears it). §7 'Update personal user: email, phone'.
 * The password is shown read-only and is not part of the body.
 */
export const msaAccountUpdateSchema = closedSchema('MsaAccountUpdate', ['email'], {
  email: emailField,
  phoneNumber: {
    type: ['string', 'null'],
    maxLength: LIMITS.phoneMax,
    pattern: optionalPhonePattern,
    errorMessage: { pattern: 'validation.phone' },
  },
});
export type MsaAccountUpdate = FromSchema<typeof msaAccountUpdateSchema>;

/** The MSA account dialog's form (SchemaForm): the email, then the phone. */
export const msaAccountUi = {
  order: ['email', 'phoneNumber'],
  fields: {
    email: { label: 'msa.accountDialog.email' },
    phoneNumber: { label: 'msa.accountDialog.phone' },
  },
} as const satisfies UiHints<keyof typeof msaAccountUpdateSchema.properties>;

/**
 * GET/PUT msa/users/me: the signed-in customer's email (their sign-in), profile phone, and the
 * new email waiting for the code sent to it (null when none): a new email replaces the old only
 * once that code comes back (POST msa/users/me/emailConfirmation).
 */
export const msaPersonalUserSchema = closedSchema('MsaPersonalUser', {
  id: { type: 'string', enum: ['me'] },
  email: { type: 'string' },
  phoneNumber: { type: ['string', 'null'] },
  emailPending: { type: ['string', 'null'] },
});
export type MsaPersonalUser = FromSchema<typeof msaPersonalUserSchema>;

/** POST msa/users/me/emailConfirmation: the code sent to the new email. */
export const msaEmailConfirmationSchema = closedSchema('MsaEmailConfirmation', { code: mfaCodeField });
export type MsaEmailConfirmation = FromSchema<typeof msaEmailConfirmationSchema>;

/** The code step of the MSA account dialog (uiHints.ts). */
export const msaEmailConfirmationUi = {
  order: ['code'],
  fields: { code: { widget: 'oneTimeCode', label: 'msa.accountDialog.code', hint: 'msa.accountDialog.codeHelp' } },
} as const satisfies UiHints<keyof typeof msaEmailConfirmationSchema.properties>;

const siteNumField = { type: 'integer', minimum: 1, maximum: INT4_MAX } as const;

/** §7 'Favourite account link: siteNum and flag'. */
export const accountLinkFavoriteSchema = closedSchema('AccountLinkFavorite', {
  siteNum: siteNumField,
  isFavorite: { type: 'boolean' },
});
export type AccountLinkFavorite = FromSchema<typeof accountLinkFavoriteSchema>;

/** Add a linked account: its account number and passcode, as at registration (§7 Register). */
export const accountLinkCreateSchema = closedSchema('AccountLinkCreate', {
  accountNumber: { type: 'string', minLength: 1, maxLength: RECOVERY_LIMITS.accountNumberMax },
  accountPasscode: { type: 'string', minLength: 1, maxLength: RECOVERY_LIMITS.accountPasscodeMax },
});
export type AccountLinkCreate = FromSchema<typeof accountLinkCreateSchema>;

/** The customer's form adding a linked account (uiHints.ts): the passcode masked as it is typed. */
export const accountLinkCreateUi = {
  order: ['accountNumber', 'accountPasscode'],
  fields: {
    accountNumber: { label: 'msa.links.accountNumber', autoFocus: true },
    accountPasscode: { widget: 'secret', label: 'msa.links.accountPasscode' },
  },
} as const satisfies UiHints<keyof typeof accountLinkCreateSchema.properties>;

/** §7 'Switch active account: siteNum' (also the path/query of 'Delete account link by siteNum'). */
export const siteNumSchema = closedSchema('SiteNum', {
  siteNum: siteNumField,
});
export type SiteNum = FromSchema<typeof siteNumSchema>;
