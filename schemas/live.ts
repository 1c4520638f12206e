import type { FromSchema } from 'json-schema-to-ts';
import { closedObject, closedSchema, INT4_MAX, int4Range } from './shared.js';

/**
 * Live alarms: the monitoring platform's ingest call (POST
 * /api/integrations/alarms). What is pushed to the hubs is the SPEC §3 alarm
 * event (dealer.ts alarmEventSchema); the platform names the device by its
 * transmitter code and the server finds the site, device and account group.
 */
const ALARM_BATCH_MAX = 500;

const alarmIngestItemFields = closedObject(['transmitterCode', 'eventCode', 'eventCodeDescription', 'alarmDate'], {
  transmitterCode: { type: 'string', minLength: 1, maxLength: 32 },
  eventCode: { type: 'string', minLength: 1, maxLength: 16 },
  eventCodeDescription: { type: 'string', minLength: 1, maxLength: 128 },
  /** When the panel signalled; any offset, pushed as UTC. */
  alarmDate: { type: 'string', format: 'date-time' },
  zoneNum: { type: ['integer', 'null'], minimum: 0, maximum: INT4_MAX },
});
export const alarmIngestItemSchema = { $id: 'AlarmIngestItem', ...alarmIngestItemFields } as const;
export type AlarmIngestItem = FromSchema<typeof alarmIngestItemSchema>;

export const alarmIngestSchema = closedSchema('AlarmIngest', {
  alarms: { type: 'array', minItems: 1, maxItems: ALARM_BATCH_MAX, items: alarmIngestItemFields },
});
export type AlarmIngest = FromSchema<typeof alarmIngestSchema>;

export const alarmIngestResultSchema = closedSchema('AlarmIngestResult', {
  accepted: { type: 'integer', ...int4Range },
});
export type AlarmIngestResult = FromSchema<typeof alarmIngestResultSchema>;

/** How many alarms the recent-alarms list holds (GET /api/alarms/recent; the web app keeps as many). */
export const RECENT_ALARMS_MAX = 20;

/** GET /api/alarms/recent: `after` an alarmNum the client already has (a catch-up after a reconnect). */
export const recentAlarmsQuerySchema = closedObject([], {
  after: { type: 'integer', minimum: 0, maximum: INT4_MAX },
});
export type RecentAlarmsQuery = FromSchema<typeof recentAlarmsQuerySchema>;
