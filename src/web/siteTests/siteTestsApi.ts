import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SiteDetail } from '../../../schemas/sites.js';
import type { SiteTest, SiteTestInput, SiteTestUpdate } from '../../../schemas/tests.js';
import { api } from '../providers/http.js';
import { useSiteAudience, type SiteAudience } from '../resources/siteAudience.js';

/**
 * Place on test through the one transport (SPEC §7): POST /api/tests, PUT and DELETE /api/tests/{id}.
 * Reads are react-admin's `tests` list (the dataProvider). Rejects with the transport's ApiError.
 */
function siteTestsApi(audience: Pick<SiteAudience, 'path'>) {
  return {
    /** The account with its devices and zones (GET /api/sites/{siteNum}): the dialog's pickers. */
    site: (siteNum: number) => api<SiteDetail>(audience.path(`sites/${siteNum}`)),
    place: (body: SiteTestInput) => api<SiteTest>(audience.path('tests'), 'POST', body),
    /** A new end time and/or reason. */
    change: (id: number, body: SiteTestUpdate) => api<SiteTest>(audience.path(`tests/${id}`), 'PUT', body),
    end: (id: number) => api<SiteTest>(audience.path(`tests/${id}`), 'DELETE'),
  };
}

/** The calls of the screen's audience (the dealer's /api, the customer's /api/msa). */
export function useSiteTestsApi() {
  const audience = useSiteAudience();
  return useMemo(() => siteTestsApi(audience), [audience]);
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
