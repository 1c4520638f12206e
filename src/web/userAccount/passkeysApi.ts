import { useQuery } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import type { Passkey } from '../../../schemas/passkeys.js';
import { api } from '../providers/http.js';

/** /user-account's passkey calls (src/server/auth/passkeysRoutes.ts), through the one transport. */
export const passkeysApi = {
  list: () => api<Passkey[]>('user/passkeys'),
  /** Registration options; the current password unless a code or passkey was verified in this session lately. */
  start: (currentPassword?: string) =>
    api<{ options: PublicKeyCredentialCreationOptionsJSON }>(
      'user/passkeys/registration/options',
      'POST',
      currentPassword ? { currentPassword } : {},
      { skipError: true },
    ),
  finish: (response: RegistrationResponseJSON, name: string) =>
    api<Passkey>('user/passkeys/registration/verify', 'POST', { response, name }, { skipError: true }),
  rename: (id: number, name: string) => api<Passkey>(`user/passkeys/${id}`, 'PATCH', { name }, { skipError: true }),
  remove: (id: number) => api<{ removed: number }>(`user/passkeys/${id}`, 'DELETE', undefined, { skipError: true }),
};

export const PASSKEYS_KEY = ['userAccount', 'passkeys'] as const;

export const usePasskeys = () => useQuery({ queryKey: PASSKEYS_KEY, queryFn: passkeysApi.list });
