import type { FromSchema } from 'json-schema-to-ts';
import { closedObject, closedSchema, INT4_MAX, int4Range } from './shared.js';

/**
 * Event history of an account (SPEC §2 /site/history and
 * /site/alarm-history, §3 alarm event): GET /api/events in
 * ra-data-simple-rest conventions with keyset pages, and the streamed export
 * GET /api/events/export?format=csv.
 *
 * Paging: `range=[0,49]` gives the page size; the answer's `X-Next-Cursor`
 * header (absent on the last page) is passed back as `cursor=` for the next
 * page, so page 1,000 costs what page 1 costs. The total is not counted:
 * `Content-Range: events 0-49/*` (react-admin: pageInfo.hasNextPage).
 */

/**
 * Contact ID event families (the first digit of the code and its qualifier): alarm history is kind=alarm.
 * 'change' is no signal of the premises: a change made to the account (code ACCOUNT_CHANGE_CODE).
 */
export const EVENT_KINDS = ['alarm', 'trouble', 'openClose', 'test', 'restore', 'other', 'change'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** The kinds the premises send: what the dashboard counts (changes to the account are not counted). */
export const SIGNAL_KINDS = ['alarm', 'trouble', 'openClose', 'test', 'restore', 'other'] as const satisfies readonly EventKind[];
export type SignalKind = (typeof SIGNAL_KINDS)[number];

/** The event code of a change to the account in its history (alarm_events.event_kind 'change', migration 0009). */
export const ACCOUNT_CHANGE_CODE = 'CHANGE';

/** `filter` of GET /api/events and of the export (JSON in the query string). */
export const eventFilterSchema = closedSchema('EventFilter', ['siteNum'], {
  siteNum: { type: 'integer', minimum: 1, maximum: INT4_MAX },
  deviceNum: { type: 'integer', minimum: 1, maximum: INT4_MAX },
  /** Inclusive lower bound (ISO date-time). */
  from: { type: 'string', format: 'date-time' },
  /** Exclusive upper bound (ISO date-time). */
  to: { type: 'string', format: 'date-time' },
  kind: { type: 'array', items: { type: 'string', enum: EVENT_KINDS }, maxItems: EVENT_KINDS.length },
  zone: { type: 'integer', minimum: 0, maximum: INT4_MAX },
  /** A substring (case-insensitive) of the event description, code or zone description. */
  q: { type: 'string', maxLength: 100 },
});
export type EventFilter = FromSchema<typeof eventFilterSchema>;

/** Query of GET /api/events: ra-data-simple-rest's filter and range, plus the keyset cursor. Newest first. */
export const eventListQuerySchema = closedObject(['filter'], {
  filter: { type: 'string', maxLength: 2000 },
  range: { type: 'string', maxLength: 100 },
  sort: { type: 'string', maxLength: 200 },
  cursor: { type: 'string', maxLength: 200 },
});

/** Query of GET /api/events/export. `tz`: the IANA time zone the dates are written in (the user's). */
export const eventExportQuerySchema = closedObject(['format', 'filter'], {
  format: { type: 'string', enum: ['csv'] },
  filter: { type: 'string', maxLength: 2000 },
  tz: { type: 'string', maxLength: 64 },
});

/** A row of GET /api/events (SPEC §3 alarm event, with the zone and the kind). `id` is alarmNum. */
export const eventRecordSchema = closedSchema('EventRecord', {
  id: { type: 'integer', minimum: 1 },
  alarmNum: { type: 'integer', minimum: 1 },
  siteNum: { type: 'integer', ...int4Range },
  devNum: { type: 'integer', ...int4Range },
  siteName: { type: 'string' },
  transmitterCode: { type: 'string' },
  zoneNum: { type: ['integer', 'null'], ...int4Range },
  zoneDescription: { type: ['string', 'null'] },
  eventCode: { type: 'string' },
  eventCodeDescription: { type: 'string' },
  kind: { type: 'string', enum: EVENT_KINDS },
  /** UTC. */
  alarmDate: { type: 'string', format: 'date-time' },
  /** Arrived while a test covered it (place on test): stored, not pushed as a live alarm. */
  onTest: { type: 'boolean' },
});
export type EventRecord = FromSchema<typeof eventRecordSchema>;

/** One page of GET /api/events as the browser keeps it: the rows and the keyset cursor of the next (none on the last). */
export interface EventsPage {
  rows: EventRecord[];
  nextCursor?: string;
}

/** The export's header row, in this order (the list's columns). */
export const EVENT_EXPORT_COLUMNS = [
  'date',
  'siteNum',
  'siteName',
  'devNum',
  'transmitterCode',
  'zoneNum',
  'zoneDescription',
  'eventCode',
  'eventCodeDescription',
  'kind',
] as const;
