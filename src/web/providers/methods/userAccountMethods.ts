import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import type { MfaContactType } from '../../../../schemas/auth.js';
import type { AuthenticatorSetup, AuthenticatorStatus, RecoveryCodes } from '../../../../schemas/authenticator.js';
import type { Passkey } from '../../../../schemas/passkeys.js';
import type { ContactMethodList } from '../../../../schemas/recovery.js';
import type { SupportAccess } from '../../../../schemas/support.js';
import type { Profile, ProfileUpdate, TrustedDevice, UserSession } from '../../../../schemas/users.js';
import { jsonCaller, type AdminHttpClient } from './call.js';

/** What a revocation answers: how many sessions or devices it ended. */
interface Revoked {
  revoked: number;
}

/**
 * /user-account's calls (SPEC §7): the profile, remembered devices and sessions (/api/user/*),
 * the login steps' own routes for the password (account/password) and contact methods
 * (user/contactMethod/*, mfa/request, mfa/verify), support's visits, the authenticator (src/server/auth/totpRoutes.ts)
 * and passkeys (src/server/auth/passkeysRoutes.ts). Every write shows its failure on the page
 * (skipError). Setting up the authenticator, new recovery codes and turning it off send the
 * current password (a step-up, stepUp.ts).
 */
export function userAccountMethods(client: AdminHttpClient) {
  const call = jsonCaller(client);
  const quiet = { skipError: true };
  return {
    profile: () => call<Profile>('user/profile'),
    saveProfile: (body: ProfileUpdate) => call<Profile>('user/profile', 'PUT', body, quiet),
    trustedDevices: () => call<TrustedDevice[]>('user/trustedDevices'),
    forgetTrustedDevice: (id: string) => call<Revoked>(`user/trustedDevices/${encodeURIComponent(id)}`, 'DELETE', undefined, quiet),
    userSessions: () => call<UserSession[]>('user/sessions'),
    endUserSession: (id: string) => call<Revoked>(`user/sessions/${encodeURIComponent(id)}`, 'DELETE', undefined, quiet),
    signOutOtherSessions: () => call<Revoked>('user/sessions/signOutOthers', 'POST', undefined, quiet),
    contactMethods: () => call<ContactMethodList>('user/contactMethods'),
    /** Saves a contact unverified ('internal' for application 1, else 'external'); a code confirms it. */
    saveContactMethod: (kind: 'internal' | 'external', contact: string, currentPassword: string) =>
      call<unknown>(`user/contactMethod/${kind}`, 'POST', { contact, currentPassword }, quiet),
    sendDeviceVerificationCode: (type: MfaContactType) =>
      call<{ mfaSentTo: string; mfaSentToMsg: MfaContactType }>('mfa/request', 'POST', { type, mfaType: 'deviceVerification' }, quiet),
    verifyCode: (code: string) => call<unknown>('mfa/verify', 'POST', { code }, quiet),
    /** Each time support used the portal as this user (their own only). */
    supportAccess: () => call<SupportAccess[]>('user/supportAccess'),
    changePassword: (body: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
      call<unknown>('account/password', 'PUT', body, quiet),

    authenticatorStatus: () => call<AuthenticatorStatus>('user/authenticator'),
    startAuthenticator: (currentPassword: string) => call<AuthenticatorSetup>('user/authenticator', 'POST', { currentPassword }, quiet),
    confirmAuthenticator: (code: string) => call<RecoveryCodes>('user/authenticator/confirm', 'POST', { code }, quiet),
    newRecoveryCodes: (currentPassword: string) =>
      call<RecoveryCodes>('user/authenticator/recoveryCodes', 'POST', { currentPassword }, quiet),
    turnOffAuthenticator: (currentPassword: string) =>
      call<AuthenticatorStatus>('user/authenticator/disable', 'POST', { currentPassword }, quiet),

    passkeys: () => call<Passkey[]>('user/passkeys'),
    /** Registration options; the current password unless a code or passkey was verified in this session lately. */
    startPasskeyRegistration: (currentPassword?: string) =>
      call<{ options: PublicKeyCredentialCreationOptionsJSON }>(
        'user/passkeys/registration/options',
        'POST',
        currentPassword ? { currentPassword } : {},
        quiet,
      ),
    finishPasskeyRegistration: (response: RegistrationResponseJSON, name: string) =>
      call<Passkey>('user/passkeys/registration/verify', 'POST', { response, name }, quiet),
    renamePasskey: (id: number, name: string) => call<Passkey>(`user/passkeys/${id}`, 'PATCH', { name }, quiet),
    removePasskey: (id: number) => call<{ removed: number }>(`user/passkeys/${id}`, 'DELETE', undefined, quiet),
  };
}

export type UserAccountMethods = ReturnType<typeof userAccountMethods>;
