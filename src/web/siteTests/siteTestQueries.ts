import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { SiteDetail } from '../../../schemas/sites.js';
import { useSiteAudience } from '../resources/siteAudience.js';

/**
 * The account with its devices and zones (the dataProvider's getOne of the audience's `sites`): the
 * dialog's pickers. Its own query: react-admin's `sites` getOne cache may hold a row of the
 * accounts list (no devices).
 */
export function useTestSite(siteNum: number, enabled: boolean) {
  const dataProvider = useDataProvider();
  const resource = useSiteAudience().resource('sites');
  return useQuery({
    queryKey: ['siteTests', 'site', siteNum],
    queryFn: async () => (await dataProvider.getOne<SiteDetail & { id: number }>(resource, { id: siteNum })).data as SiteDetail,
    enabled,
  });
}

/**
 * After a test is placed, changed or ended: the tests, the account (its status tag), the accounts list and
 * the dashboard's figures load again (react-query keys: react-admin's resources, the dashboard's).
 */
export function useRefreshAfterTest() {
  const queryClient = useQueryClient();
  const audience = useSiteAudience();
  return useCallback(async () => {
    const keys = [[audience.resource('tests')], [audience.resource('sites')], ['dashboard']];
    await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  }, [queryClient, audience]);
}
