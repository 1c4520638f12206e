import type { AlarmEvent } from '../../../schemas/dealer.js';
import { api } from '../providers/http.js';

/** The live connections' calls besides the hubs. */
export const liveApi = {
  /** The recent-alarms list of the current account group (GET /api/alarms/recent); with `after`, the alarms stored since. */
  recentAlarms: (after?: number) =>
    api<AlarmEvent[]>(`alarms/recent${after === undefined ? '' : `?after=${after}`}`, 'GET', undefined, { skipError: true }),
};
