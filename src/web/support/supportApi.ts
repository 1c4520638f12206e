import { useQuery } from '@tanstack/react-query';
import type { Token } from '../../../schemas/auth.js';
import type { SupportActionId, SupportUserDetail } from '../../../schemas/support.js';
import { api } from '../providers/http.js';

/**
 * /support's calls beyond react-admin's list of `users`: a user's page, a support
 * action with its reason, and starting an impersonation. Through the one transport (SPEC §7).
 */
export const supportApi = {
  user: (id: number) => api<SupportUserDetail>(`users/${id}`),
  act: (id: number, action: SupportActionId, reason: string) =>
    api<SupportUserDetail>(`users/${id}/supportActions/${action}`, 'POST', { reason }, { skipError: true }),
  impersonate: (userId: number, reason: string, durationMinutes: number) =>
    api<Token>('impersonation', 'POST', { userId, reason, durationMinutes }, { skipError: true }),
};

export const supportUserKey = (id: number) => ['support', 'user', id] as const;

export function useSupportUser(id: number) {
  return useQuery({ queryKey: supportUserKey(id), queryFn: () => supportApi.user(id), enabled: Number.isSafeInteger(id) && id > 0 });
}
