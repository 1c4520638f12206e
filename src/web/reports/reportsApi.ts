import { useQuery } from '@tanstack/react-query';
import type { ReportDefinition, ReportRun, ReportRunInput } from '../../../schemas/reports.js';
import { api } from '../providers/http.js';

/**
 * The report calls that are not react-admin's list, one and delete, through the one
 * transport (SPEC §7): the catalogue, running a report, and the URL of a run's file (the
 * session cookie carries the download). A run's re-run and cancel are dataProvider methods
 * (providers/dataProvider.ts, useRunActions.ts).
 */
export const reportsApi = {
  catalogue: () => api<ReportDefinition[]>('reports'),
  run: (body: ReportRunInput) => api<ReportRun>('reportRuns', 'POST', body),
};

/** GET /api/reportRuns/{id}/file: the file of a done run. */
export function reportFileUrl(id: number): string {
  return `/api/reportRuns/${id}/file`;
}

/** react-query's key of the catalogue (not under 'reports', which the shell refreshes on every notice). */
export const CATALOGUE_KEY = ['reportCatalogue'];

/** The catalogue: it changes only with a new version of the portal. */
export function useReportCatalogue() {
  return useQuery({ queryKey: CATALOGUE_KEY, queryFn: reportsApi.catalogue, staleTime: Infinity });
}
