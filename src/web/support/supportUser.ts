import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { SupportUserDetail } from '../../../schemas/support.js';

export const supportUserKey = (id: number) => ['support', 'user', id] as const;

/**
 * A user's page (the dataProvider's getOne of `users`). Its own query: react-admin's `users`
 * getOne cache may hold a row of the list (no page), and a support action answers the page
 * this key is set to.
 */
export function useSupportUser(id: number) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: supportUserKey(id),
    queryFn: async () => (await dataProvider.getOne<SupportUserDetail & { id: number }>('users', { id })).data as SupportUserDetail,
    enabled: Number.isSafeInteger(id) && id > 0,
  });
}
