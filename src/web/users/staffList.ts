import { keepPreviousData } from '@tanstack/react-query';
import { useGetList } from 'react-admin';
import type { StaffUser } from '../../../schemas/users.js';

/** react-query's key of every staff list: react-admin's `users` resource. */
export const STAFF_KEY = ['users'] as const;

/**
 * The selected account group's staff, by name. The server reads the group from the call (the
 * transport's siteGroupNum), so it is in the cache key (meta) too.
 */
export function useStaff(filter: { q?: string; status?: StaffUser['status'] }, siteGroupNum: number | undefined) {
  return useGetList<StaffUser>(
    'users',
    {
      filter: { ...(filter.q && { q: filter.q }), ...(filter.status && { status: filter.status }) },
      pagination: { page: 1, perPage: 200 },
      sort: { field: 'name', order: 'ASC' },
      meta: { siteGroupNum },
    },
    { placeholderData: keepPreviousData },
  );
}
