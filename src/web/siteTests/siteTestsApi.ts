import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SiteDetail } from '../../../schemas/sites.js';
import type { SiteTest, SiteTestInput, SiteTestUpdate } from '../../../schemas/tests.js';
import { api } from '../providers/http.js';

/**
 * Place on test through the one transport (SPEC §7): POST /api/tests, PUT and DELETE /api/tests/{id}.
 * Reads are react-admin's `tests` list (the dataProvider). Rejects with the transport's ApiError.
 */
export const siteTestsApi = {
  /** The account with its devices and zones (GET /api/sites/{siteNum}): the dialog's pickers. */
  site: (siteNum: number) => api<SiteDetail>(`sites/${siteNum}`),
  place: (body: SiteTestInput) => api<SiteTest>('tests', 'POST', body),
  /** A new end time and/or reason. */
  change: (id: number, body: SiteTestUpdate) => api<SiteTest>(`tests/${id}`, 'PUT', body),
  end: (id: number) => api<SiteTest>(`tests/${id}`, 'DELETE'),
};

/**
 * After a test is placed, changed or ended: the tests, the account (its status tag), the accounts list and
 * the dashboard's figures load again (react-query keys: react-admin's resources, the dashboard's).
 */
export function useRefreshAfterTest() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([['tests'], ['sites'], ['dashboard']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  }, [queryClient]);
}
