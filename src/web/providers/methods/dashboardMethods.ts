import type { Dashboard } from '../../../../schemas/dashboard.js';
import { jsonCaller, type AdminHttpClient } from './call.js';

/** The dashboard's call: GET /api/dashboard, the figures of the selected account group. */
export function dashboardMethods(client: AdminHttpClient) {
  const call = jsonCaller(client);
  return {
    dashboard: () => call<Dashboard>('dashboard'),
  };
}

export type DashboardMethods = ReturnType<typeof dashboardMethods>;
