import type { AlarmEvent } from '../../../../schemas/dealer.js';
import { jsonCaller, type AdminHttpClient } from './call.js';

/** The live connections' calls besides the hubs. */
export function liveMethods(client: AdminHttpClient) {
  const call = jsonCaller(client);
  return {
    /** The recent-alarms list of the current account group (GET /api/alarms/recent); with `after`, the alarms stored since. */
    recentAlarms: (after?: number) =>
      call<AlarmEvent[]>(`alarms/recent${after === undefined ? '' : `?after=${after}`}`, 'GET', undefined, { skipError: true }),
  };
}

export type LiveMethods = ReturnType<typeof liveMethods>;
