import type { FromSchema } from 'json-schema-to-ts';
import { closedObject, closedSchema, notBlank, nullableDateTime } from './shared.js';

/**
 * Passkeys (WebAuthn, for a stronger sign-in): the user's own list on /user-account, the
 * registration and sign-in ceremonies (the browser's JSON as @simplewebauthn/browser gives it,
 * checked by @simplewebauthn/server), and the staff reset.
 */

/** Longest name a user gives a passkey. */
export const PASSKEY_NAME_MAX = 64;

/** Longest credential id WebAuthn allows (1023 bytes) in base64url, with room to spare. */
const CREDENTIAL_ID_MAX = 1400;
/** The browser's attestation or assertion (RegistrationResponseJSON, AuthenticationResponseJSON). */
const credentialJson = {
  type: 'object',
  required: ['id', 'rawId', 'type', 'response'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: CREDENTIAL_ID_MAX },
    rawId: { type: 'string', minLength: 1, maxLength: CREDENTIAL_ID_MAX },
    type: { type: 'string', const: 'public-key' },
    response: { type: 'object', additionalProperties: true },
    authenticatorAttachment: { type: 'string' },
    clientExtensionResults: { type: 'object', additionalProperties: true },
  },
  additionalProperties: true,
} as const;

const passkeyName = { type: 'string', minLength: 1, maxLength: PASSKEY_NAME_MAX, ...notBlank } as const;

/** One of the user's passkeys. */
export const passkeySchema = closedSchema('Passkey', {
  id: { type: 'integer' },
  name: { type: 'string' },
  createdAt: { type: 'string', format: 'date-time' },
  lastUsedAt: nullableDateTime,
  /** multiDevice: a synced passkey (a password manager's); singleDevice: bound to one authenticator. */
  deviceType: { type: 'string', enum: ['singleDevice', 'multiDevice'] },
  backedUp: { type: 'boolean' },
});
export type Passkey = FromSchema<typeof passkeySchema>;

/** Start adding a passkey: the current password, unless a code or passkey was verified in this session lately. */
export const passkeyRegistrationStartSchema = {
  $id: 'PasskeyRegistrationStart',
  ...closedObject([], { currentPassword: { type: 'string', maxLength: 128 } }),
} as const;

/** The options a ceremony starts with (PublicKeyCredentialCreationOptionsJSON or …RequestOptionsJSON), for the browser. */
export const passkeyCeremonySchema = {
  $id: 'PasskeyCeremony',
  ...closedObject({ options: { type: 'object', additionalProperties: true } }),
} as const;

/** Finish adding a passkey: the browser's attestation and the name the user gave it. */
export const passkeyRegistrationFinishSchema = {
  $id: 'PasskeyRegistrationFinish',
  ...closedObject({ response: credentialJson, name: passkeyName }),
} as const;

/** A sign-in, or the MFA step, with a passkey: the browser's assertion. */
export const passkeyAssertionSchema = closedSchema('PasskeyAssertion', { response: credentialJson });

export const passkeyRenameSchema = closedSchema('PasskeyRename', { name: passkeyName });

/** Whether the signed-in user can verify with a passkey here (the MFA step's 'Use a passkey instead'). */
export const passkeyAvailabilitySchema = closedSchema('PasskeyAvailability', { available: { type: 'boolean' } });

/** How many passkeys went. */
export const passkeysRemovedSchema = closedSchema('PasskeysRemoved', { removed: { type: 'integer', minimum: 0 } });

export const PASSKEY_SCHEMAS = [
  passkeySchema,
  passkeyRegistrationStartSchema,
  passkeyCeremonySchema,
  passkeyRegistrationFinishSchema,
  passkeyAssertionSchema,
  passkeyRenameSchema,
  passkeyAvailabilitySchema,
  passkeysRemovedSchema,
];
