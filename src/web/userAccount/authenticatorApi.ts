import { useQuery } from '@tanstack/react-query';
import type { AuthenticatorSetup, AuthenticatorStatus, RecoveryCodes } from '../../../schemas/authenticator.js';
import { api } from '../providers/http.js';

/**
 * The authenticator section's calls (server: src/server/auth/totpRoutes.ts). Setting it
 * up, new recovery codes and turning it off send the current password (a step-up, stepUp.ts).
 */
export const authenticatorApi = {
  status: () => api<AuthenticatorStatus>('user/authenticator'),
  start: (currentPassword: string) => api<AuthenticatorSetup>('user/authenticator', 'POST', { currentPassword }, { skipError: true }),
  confirm: (code: string) => api<RecoveryCodes>('user/authenticator/confirm', 'POST', { code }, { skipError: true }),
  newRecoveryCodes: (currentPassword: string) =>
    api<RecoveryCodes>('user/authenticator/recoveryCodes', 'POST', { currentPassword }, { skipError: true }),
  turnOff: (currentPassword: string) =>
    api<AuthenticatorStatus>('user/authenticator/disable', 'POST', { currentPassword }, { skipError: true }),
};

export const AUTHENTICATOR_KEY = ['userAccount', 'authenticator'] as const;

export const useAuthenticatorStatus = () => useQuery({ queryKey: AUTHENTICATOR_KEY, queryFn: authenticatorApi.status });
