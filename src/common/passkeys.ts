import { PASSKEY_NAME_MAX } from '../../schemas/passkeys.js';
import { APPLICATION } from './constants.js';
import type { LoginVariant } from './loginFlow.js';

/**
 * Passkey rules both sides read (for a stronger sign-in): which sign-in page a passkey may
 * use, the name a user gives one, and what a failed browser ceremony tells the user.
 */

/**
 * The dealer page signs in dealers and staff (applications 2 and 1), the customer page customers
 * (application 3): a customer's passkey does not open the dealer portal, nor the reverse.
 */
export function variantAllowsApplication(variant: LoginVariant, applicationNum: number): boolean {
  return variant === 'customer' ? applicationNum === APPLICATION.customer : applicationNum !== APPLICATION.customer;
}

/** A passkey's name as stored: spaces trimmed and collapsed, control characters dropped; undefined when blank or too long. */
export function passkeyName(input: string): string | undefined {
  const printable = [...input].map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c)).join('');
  const name = printable.replace(/\s+/g, ' ').trim();
  return name && name.length <= PASSKEY_NAME_MAX ? name : undefined;
}

/** The name offered for a new passkey: 'Chrome on Windows' style, else 'Passkey N'. */
export function suggestedPasskeyName(device: string | undefined, existing: readonly string[], fallback: (n: number) => string): string {
  const taken = new Set(existing.map((n) => n.toLowerCase()));
  if (device && !taken.has(device.toLowerCase())) return device.slice(0, PASSKEY_NAME_MAX);
  for (let n = existing.length + 1; ; n++) {
    const name = device ? `${device} (${n})` : fallback(n);
    if (!taken.has(name.toLowerCase())) return name.slice(0, PASSKEY_NAME_MAX);
  }
}

/** Locale keys (login.json `passkey.errors.*`, passkeys.json `errors.*` share the names) for a failed ceremony in the browser. */
export type PasskeyFailure = 'cancelled' | 'alreadyRegistered' | 'unsupported' | 'domain' | 'failed';

/**
 * What a failure of navigator.credentials.create/get (as @simplewebauthn/browser's WebAuthnError
 * names it: `code`, else the DOMException's `name`) means for the user. NotAllowedError is what
 * browsers give when the user closes the prompt or lets it time out, without saying which.
 */
export function passkeyFailure(error: unknown): PasskeyFailure {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  switch (code) {
    case 'ERROR_CEREMONY_ABORTED':
      return 'cancelled';
    case 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED':
      return 'alreadyRegistered';
    case 'ERROR_INVALID_DOMAIN':
    case 'ERROR_INVALID_RP_ID':
      return 'domain';
    case 'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT':
    case 'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT':
    case 'ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG':
      return 'unsupported';
  }
  switch (name) {
    case 'NotAllowedError':
    case 'AbortError':
      return 'cancelled';
    case 'InvalidStateError':
      return 'alreadyRegistered';
    case 'SecurityError':
      return 'domain';
    case 'NotSupportedError':
      return 'unsupported';
  }
  return 'failed';
}
