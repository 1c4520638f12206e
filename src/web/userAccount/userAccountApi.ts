import { useQuery } from '@tanstack/react-query';
import type { MfaContactType } from '../../../schemas/auth.js';
import type { ContactMethodList } from '../../../schemas/recovery.js';
import type { Profile, ProfileUpdate, TrustedDevice, UserSession } from '../../../schemas/users.js';
import { api } from '../providers/http.js';

/**
 * /user-account's calls, all through the one transport (SPEC §7): the profile,
 * remembered devices and sessions (/api/user/*), and the login steps' own routes for the
 * password (account/password) and contact methods (user/contactMethod/*, mfa/request, mfa/verify).
 */
export const userAccountApi = {
  profile: () => api<Profile>('user/profile'),
  saveProfile: (body: ProfileUpdate) => api<Profile>('user/profile', 'PUT', body, { skipError: true }),
  devices: () => api<TrustedDevice[]>('user/trustedDevices'),
  forgetDevice: (id: string) =>
    api<{ revoked: number }>(`user/trustedDevices/${encodeURIComponent(id)}`, 'DELETE', undefined, { skipError: true }),
  sessions: () => api<UserSession[]>('user/sessions'),
  endSession: (id: string) => api<{ revoked: number }>(`user/sessions/${encodeURIComponent(id)}`, 'DELETE', undefined, { skipError: true }),
  signOutOthers: () => api<{ revoked: number }>('user/sessions/signOutOthers', 'POST', undefined, { skipError: true }),
  contacts: () => api<ContactMethodList>('user/contactMethods'),
  /** Saves a contact unverified ('internal' for application 1, else 'external'); a code confirms it. */
  saveContact: (kind: 'internal' | 'external', contact: string, currentPassword: string) =>
    api<unknown>(`user/contactMethod/${kind}`, 'POST', { contact, currentPassword }, { skipError: true }),
  sendCode: (type: MfaContactType) =>
    api<{ mfaSentTo: string; mfaSentToMsg: MfaContactType }>(
      'mfa/request',
      'POST',
      { type, mfaType: 'deviceVerification' },
      { skipError: true },
    ),
  verifyCode: (code: string) => api<unknown>('mfa/verify', 'POST', { code }, { skipError: true }),
  changePassword: (body: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
    api<unknown>('account/password', 'PUT', body, { skipError: true }),
};

export const USER_ACCOUNT_KEYS = {
  profile: ['userAccount', 'profile'],
  devices: ['userAccount', 'devices'],
  sessions: ['userAccount', 'sessions'],
  contacts: ['userAccount', 'contacts'],
} as const;

export const useProfile = () => useQuery({ queryKey: USER_ACCOUNT_KEYS.profile, queryFn: userAccountApi.profile });
export const useTrustedDevices = () => useQuery({ queryKey: USER_ACCOUNT_KEYS.devices, queryFn: userAccountApi.devices });
export const useSessions = () => useQuery({ queryKey: USER_ACCOUNT_KEYS.sessions, queryFn: userAccountApi.sessions });
export const useContactMethods = () => useQuery({ queryKey: USER_ACCOUNT_KEYS.contacts, queryFn: userAccountApi.contacts });
