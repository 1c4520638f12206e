import { sql, type SelectQueryBuilder } from 'kysely';
import { EVENT_KINDS, type EventFilter, type EventRecord } from '../../../schemas/events.js';
import type { Db } from '../db/database.js';
import { containsPattern } from '../db/listing.js';
import type { Database } from '../db/schema.js';
import { siteInScope, type ScopeUser } from '../db/siteScope.js';
import type { EventCursor } from './eventQuery.js';
import { csvText } from '../db/csvSql.js';
import { concatAhead, readAheadBatches, SLICE_ROWS, timeSlices } from '../db/slices.js';

/** The site whose history is read, found within the user's tenant scope. */
export interface EventSite {
  siteNum: number;
  siteName: string;
  timeZone: string;
}

type EventQuery = SelectQueryBuilder<Database & { e: Database['alarm_events'] }, 'e', object>;

/** What an event's row and its CSV line show of the signal. */
const signalColumns = [
  'e.dev_num',
  'e.transmitter_code',
  'e.zone_num',
  'e.event_code',
  'e.event_code_description',
  'e.event_kind',
] as const;

/** The exact timestamp, which JavaScript's Date (milliseconds) would round: cursors must name the very row. */
const cursorDate = sql<string>`to_char(e.alarm_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor_date');

/** The UTC calendar day (yyyy-MM-dd) of a date-time, as event_days counts them. */
const utcDay = (dateTime: string) => new Date(dateTime).toISOString().slice(0, 10);

/** Zone descriptions by device and zone: a site has a handful, looked up per row instead of a join per row. */
class ZoneNames {
  private readonly byDevice = new Map<number, Map<number, string>>();

  constructor(private readonly db: Db) {}

  /** Loads the zones of the devices of `rows` not seen yet (a device may have left the site since its events). */
  async load(devNums: Iterable<number>): Promise<void> {
    const missing = [...new Set(devNums)].filter((dev) => !this.byDevice.has(dev));
    if (!missing.length) return;
    for (const dev of missing) this.byDevice.set(dev, new Map());
    const zones = await this.db
      .selectFrom('zones')
      .select(['dev_num', 'zone_num', 'description'])
      .where('dev_num', 'in', missing)
      .execute();
    for (const zone of zones) this.byDevice.get(zone.dev_num)!.set(zone.zone_num, zone.description);
  }

  get(devNum: number, zoneNum: number | null): string | null {
    return zoneNum === null ? null : (this.byDevice.get(devNum)?.get(zoneNum) ?? null);
  }
}

/**
 * Event history: a site's alarm events newest first, (alarm_date
 * desc, alarm_num desc), filtered, in keyset pages (migration 0006's indexes
 * give that order, so no query sorts and a far page costs what the first
 * does), and the same rows in batches for the export. The tenant scope is the
 * site's: `site()` finds it within siteScope(user), and every other query is
 * of that one site.
 */
export function eventsRepository(db: Db) {
  /** The filtered events of the site, after the cursor, in the keyset order. */
  function filtered(filter: EventFilter, after: EventCursor | undefined): EventQuery {
    let query = db.selectFrom('alarm_events as e').where('e.site_num', '=', filter.siteNum);
    if (filter.deviceNum !== undefined) query = query.where('e.dev_num', '=', filter.deviceNum);
    if (filter.from !== undefined) query = query.where('e.alarm_date', '>=', sql<Date>`${filter.from}::timestamptz`);
    if (filter.to !== undefined) query = query.where('e.alarm_date', '<', sql<Date>`${filter.to}::timestamptz`);
    if (filter.kind?.length) query = query.where('e.event_kind', 'in', filter.kind);
    if (filter.zone !== undefined) query = query.where('e.zone_num', '=', filter.zone);
    const q = filter.q?.trim();
    if (q) {
      const pattern = containsPattern(q);
      query = query.where((eb) =>
        eb.or([
          eb('e.event_code_description', 'ilike', pattern),
          eb('e.event_code', 'ilike', pattern),
          eb.exists(
            eb
              .selectFrom('zones as z')
              .select('z.zone_num')
              .whereRef('z.dev_num', '=', 'e.dev_num')
              .whereRef('z.zone_num', '=', 'e.zone_num')
              .where('z.description', 'ilike', pattern),
          ),
        ]),
      );
    }
    if (after) query = query.where(sql<boolean>`(e.alarm_date, e.alarm_num) < (${after.date}::timestamptz, ${after.alarmNum}::bigint)`);
    return query;
  }

  function rowsOf(query: EventQuery) {
    return query.select(['e.alarm_num', ...signalColumns, 'e.on_test', cursorDate]);
  }

  /**
   * The filter cut into time slices of about `sliceRows` events at UTC day starts, newest first
   * (the list's order), from the per-day counts of event_days (the site's, of the filter's kinds).
   */
  async function sliced(filter: EventFilter, sliceRows: number): Promise<EventFilter[]> {
    const days = await db
      .selectFrom('event_days')
      .select([sql<string>`day::text`.as('day'), (eb) => eb.fn.sum<number>('count').as('rows')])
      .where('site_num', '=', filter.siteNum)
      .$if(!!filter.kind?.length, (q) => q.where('event_kind', 'in', filter.kind!))
      .$if(filter.from !== undefined, (q) => q.where('day', '>=', utcDay(filter.from!)))
      .$if(filter.to !== undefined, (q) => q.where('day', '<=', utcDay(filter.to!)))
      .groupBy('day')
      .execute();
    const perDay = days.map((d) => ({ day: d.day, rows: Number(d.rows) }));
    const rows = perDay.reduce((sum, d) => sum + d.rows, 0);
    if (rows <= sliceRows) return [filter];
    const sorted = perDay.map((d) => d.day).sort();
    // Open ends: from the first day's start, to the end of the last day.
    const start = filter.from !== undefined ? new Date(filter.from) : new Date(`${sorted[0]}T00:00:00Z`);
    const end = filter.to !== undefined ? new Date(filter.to) : new Date(new Date(`${sorted.at(-1)}T00:00:00Z`).getTime() + 86_400_000);
    const slices = timeSlices(start, end, perDay, sliceRows);
    if (slices.length === 1) return [filter];
    return slices
      .map((slice, i) => ({
        ...filter,
        // The first and last keep the filter's own ends (an open end stays open: no event is left out).
        from: i === 0 ? filter.from : slice.start.toISOString(),
        to: i === slices.length - 1 ? filter.to : slice.end.toISOString(),
      }))
      .reverse();
  }

  return {
    async site(user: ScopeUser, siteNum: number): Promise<EventSite | undefined> {
      const row = await siteInScope(db, user, siteNum);
      return row && { siteNum: row.site_num, siteName: row.site_name, timeZone: row.time_zone };
    },

    /** One page of `limit` events after `after`, and the cursor of the next page when there is one. */
    async page(site: EventSite, filter: EventFilter, limit: number, after?: EventCursor) {
      const rows = await rowsOf(filtered(filter, after))
        .select('e.alarm_date')
        .orderBy('e.alarm_date', 'desc')
        .orderBy('e.alarm_num', 'desc')
        .limit(limit + 1)
        .execute();
      const more = rows.length > limit;
      if (more) rows.pop();
      const zones = new ZoneNames(db);
      await zones.load(rows.map((r) => r.dev_num));
      const items: EventRecord[] = rows.map((row) => ({
        id: row.alarm_num,
        alarmNum: row.alarm_num,
        siteNum: site.siteNum,
        devNum: row.dev_num,
        siteName: site.siteName,
        transmitterCode: row.transmitter_code,
        zoneNum: row.zone_num,
        zoneDescription: zones.get(row.dev_num, row.zone_num),
        eventCode: row.event_code,
        eventCodeDescription: row.event_code_description,
        kind: row.event_kind,
        alarmDate: new Date(row.alarm_date).toISOString(),
        onTest: row.on_test,
      }));
      const last = rows.at(-1);
      const next: EventCursor | undefined = more && last ? { date: last.cursor_date, alarmNum: last.alarm_num } : undefined;
      return { items, next };
    },

    /** How many events the filter selects (the export's X-Total-Count). */
    async count(filter: EventFilter): Promise<number> {
      const row = await filtered(filter, undefined)
        .select(sql<number>`count(*)::int`.as('count'))
        .executeTakeFirstOrThrow();
      return row.count;
    },

    /**
     * Every event of the filter in the list's order as CSV lines, `batchSize`
     * events a chunk: one keyset query each. The database writes the lines (the
     * date in `timeZone`, the zone's description, each text field quoted and
     * guarded against formulas as csv-stringify does with escape_formulas), so
     * the server handles one string per batch, not a row object per event.
     * A long history is read in time slices cut at day starts (db/slices.ts,
     * from the per-day counts of event_days), newest first; with `readAhead`
     * (PostgreSQL) the next slice is read on another connection while this one
     * is written. `siteCells`: the site number and name, already CSV;
     * `kindLabels`: the label of each EVENT_KINDS entry, already CSV. Stops
     * asking when `stopped()` says so (the client went away).
     */
    async *csvBatches(
      filter: EventFilter,
      options: {
        timeZone: string;
        batchSize: number;
        siteCells: string;
        kindLabels: readonly string[];
        stopped: () => boolean;
        readAhead?: boolean;
        sliceRows?: number;
      },
    ): AsyncGenerator<string> {
      const line = sql<string>`concat(
        to_char(e.alarm_date at time zone ${options.timeZone}, 'YYYY-MM-DD HH24:MI:SS'), ',', ${options.siteCells}::text, ',',
        e.dev_num, ',', ${csvText(sql.ref('e.transmitter_code'))}, ',', e.zone_num, ',', ${csvText(sql.ref('z.description'))}, ',',
        ${csvText(sql.ref('e.event_code'))}, ',', ${csvText(sql.ref('e.event_code_description'))}, ',',
        (${[...options.kindLabels]}::text[])[array_position(${[...EVENT_KINDS]}::text[], e.event_kind)], ${'\n'}::text)`;
      const fetch = (slice: EventFilter, after: EventCursor | undefined) => {
        const page = filtered(slice, after)
          .select(['e.alarm_num', 'e.alarm_date', ...signalColumns])
          .orderBy('e.alarm_date', 'desc')
          .orderBy('e.alarm_num', 'desc')
          .limit(options.batchSize);
        return db
          .selectFrom(page.as('e'))
          .leftJoin('zones as z', (join) => join.onRef('z.dev_num', '=', 'e.dev_num').onRef('z.zone_num', '=', 'e.zone_num'))
          .select([
            sql<string | null>`string_agg(${line}, '' order by e.alarm_date desc, e.alarm_num desc)`.as('csv'),
            sql<number>`count(*)::int`.as('rows'),
            // The last event of the batch (the oldest): where the next batch starts.
            sql<string | null>`to_char(min(e.alarm_date) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('last_date'),
            sql<number | null>`(array_agg(e.alarm_num order by e.alarm_date, e.alarm_num))[1]`.as('last_num'),
          ])
          .executeTakeFirstOrThrow();
      };
      /** The batches of one slice, one query after the other. */
      async function* batches(slice: EventFilter): AsyncGenerator<string> {
        let after: EventCursor | undefined;
        for (;;) {
          if (options.stopped()) return;
          const batch = await fetch(slice, after);
          if (batch.csv) yield batch.csv;
          if (batch.rows < options.batchSize || batch.last_date === null || batch.last_num === null) return;
          after = { date: batch.last_date, alarmNum: Number(batch.last_num) };
        }
      }
      const sliceRows = options.sliceRows ?? SLICE_ROWS;
      const slices = await sliced(filter, sliceRows);
      const ahead = options.readAhead ? readAheadBatches(sliceRows, options.batchSize) : 0;
      for await (const csv of concatAhead(slices.map(batches), ahead)) {
        if (options.stopped()) return;
        yield csv;
      }
    },
  };
}
