import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StaffInvite, StaffUpdate, StaffUser } from '../../../schemas/users.js';
import { api, httpClient } from '../providers/http.js';

/** The `users` resource: the selected account group's staff, in ra-data-simple-rest conventions. */
export const staffApi = {
  async list(filter: { q?: string; status?: StaffUser['status'] }): Promise<StaffUser[]> {
    const params = new URLSearchParams({
      filter: JSON.stringify({ ...(filter.q && { q: filter.q }), ...(filter.status && { status: filter.status }) }),
      range: JSON.stringify([0, 199]),
      sort: JSON.stringify(['name', 'ASC']),
    });
    const { json } = await httpClient(`/api/users?${params.toString()}`);
    return Array.isArray(json) ? (json as StaffUser[]) : [];
  },
  invite: (body: StaffInvite) => api<StaffUser>('users', 'POST', body, { skipError: true }),
  update: (id: number, body: StaffUpdate) => api<StaffUser>(`users/${id}`, 'PUT', body, { skipError: true }),
  resetMfa: (id: number) => api<StaffUser>(`users/${id}/resetMfa`, 'POST', undefined, { skipError: true }),
  resendInvitation: (id: number) => api<StaffUser>(`users/${id}/resendInvitation`, 'POST', undefined, { skipError: true }),
};

export const STAFF_KEY = ['users', 'list'] as const;

export function useStaff(filter: { q?: string; status?: StaffUser['status'] }, siteGroupNum: number | undefined) {
  return useQuery({
    queryKey: [...STAFF_KEY, siteGroupNum, filter.q ?? '', filter.status ?? 'all'],
    queryFn: () => staffApi.list(filter),
    placeholderData: keepPreviousData,
  });
}
