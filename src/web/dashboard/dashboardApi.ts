import type { Dashboard } from '../../../schemas/dashboard.js';
import { api } from '../providers/http.js';

/** GET /api/dashboard: the figures of the selected account group. */
export const dashboardApi = {
  get: () => api<Dashboard>('dashboard'),
};

/** The query key: per account group, so a switch shows the new group's loading state, never the old figures. */
export const dashboardQueryKey = (siteGroupNum: number | null) => ['dashboard', siteGroupNum] as const;
