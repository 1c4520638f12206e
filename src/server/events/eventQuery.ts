import type { ValidateFunction } from 'ajv';
import type { EventFilter } from '../../../schemas/events.js';
import { HttpError } from '../http/errors.js';
import { parseJson, parseRange } from '../http/simpleRest.js';

/**
 * The query of GET /api/events and of its export, pure: the filter (JSON,
 * checked against eventFilterSchema), the page size from ra-data-simple-rest's
 * `range`, and the keyset cursor. Every refusal is a 400 naming the parameter.
 */

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 500;

/** Where a page starts: after the event (alarmDate, alarmNum), in the order newest first. */
export interface EventCursor {
  /** The event's alarm_date in UTC to the microsecond, as the database keeps it: 2026-03-01T12:00:00.123456Z. */
  date: string;
  alarmNum: number;
}

const CURSOR_DATE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.\d{6}Z$/;
const CURSOR_TEXT = /^([^|]+)\|([1-9]\d{0,15})$/;

/** The opaque `X-Next-Cursor`: base64url of `<date>|<alarmNum>`. */
export function encodeCursor(cursor: EventCursor): string {
  return Buffer.from(`${cursor.date}|${cursor.alarmNum}`).toString('base64url');
}

/** The cursor a client sent back, or undefined when it is not one this server made. */
export function decodeCursor(text: string): EventCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return undefined;
  const match = CURSOR_TEXT.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match) return undefined;
  const [, date, num] = match;
  const alarmNum = Number(num);
  const seconds = CURSOR_DATE.exec(date)?.[1];
  if (!seconds || !Number.isSafeInteger(alarmNum)) return undefined;
  // A real instant: no 31 February, no hour 25 (the database would refuse them).
  const parsed = new Date(`${seconds}Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 19) !== seconds) return undefined;
  return { date, alarmNum };
}

/** `filter`, checked against eventFilterSchema (siteNum required). */
export function parseEventFilter(text: string, validate: ValidateFunction): EventFilter {
  const filter = parseJson('filter', text);
  if (filter === undefined || !validate(filter)) throw new HttpError(400, 'errors.badQuery', { parameter: 'filter' });
  return filter as EventFilter;
}

export interface EventPageQuery {
  /** The first index of the page (range[0]): only what Content-Range names; the cursor says where the page starts. */
  start: number;
  limit: number;
  after: EventCursor | undefined;
}

/** `range=[start,end]` (default a page of 50, at most 500) and `cursor`. */
export function parseEventPage(query: { range?: string; cursor?: string }): EventPageQuery {
  const { offset: start, limit } = parseRange(query.range, { pageSize: DEFAULT_PAGE_SIZE, maxPageSize: MAX_PAGE_SIZE });
  let after: EventCursor | undefined;
  if (query.cursor !== undefined && query.cursor !== '') {
    after = decodeCursor(query.cursor);
    if (!after) throw new HttpError(400, 'errors.badQuery', { parameter: 'cursor' });
  }
  return { start, limit, after };
}
