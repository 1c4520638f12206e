import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import { EVENT_KINDS } from '../../../schemas/events.js';
import type {
  AccountsOnTestParams,
  AlarmActivityParams,
  CallListParams,
  DataCompletenessParams,
  OpenCloseExceptionsParams,
  ReportId,
  ReportParamsById,
  TopAlarmAccountsParams,
  ZoneListParams,
} from '../../../schemas/reports.js';
import { isOpening, openCloseExceptions } from '../../common/openCloseExceptions.js';
import { resolvePeriod, type ResolvedRange } from '../../common/reportRules.js';
import { dateIn, warningsFromCounts } from '../../common/siteWarnings.js';
import { csvText } from '../db/csvSql.js';
import { concatAhead, readAheadBatches, SLICE_ROWS, timeSlices } from '../db/slices.js';
import type { ReportCell, ReportColumn, ReportContext, ReportOutput } from './reportTypes.js';

/**
 * What each report of the catalogue reads. Every query is scoped to
 * the run's account group (and to the accounts named, when any); rows are read
 * lazily in keyset batches, the next batch fetched while the current one is
 * written, so memory does not grow with the rows and batch 500 costs what
 * batch 1 costs. Times are formatted by the database in the run's zone where a
 * report may have a million rows (alarm activity), by the writers otherwise.
 */

/** Rows (or accounts) per query. */
const BATCH = 5_000;
const SITE_BATCH = 500;

type Definition<R extends ReportId> = (params: ReportParamsById[R], ctx: ReportContext) => Promise<ReportOutput>;

/**
 * Reads batches lazily, one ahead: `fetch(last)` answers the batch after `last` (the previous
 * batch); `more(batch)` says whether one may follow (a full batch).
 */
async function* keyset<B>(fetch: (last: B | undefined) => Promise<B>, more: (batch: B) => boolean, ctx: ReportContext): AsyncGenerator<B> {
  let pending: Promise<B> | undefined = fetch(undefined);
  try {
    while (pending) {
      const batch: B = await pending;
      pending = undefined;
      if (ctx.stopped()) return;
      if (more(batch)) pending = fetch(batch);
      yield batch;
    }
  } finally {
    pending?.catch(() => undefined);
  }
}
const full = (size: number) => (batch: readonly unknown[]) => batch.length === size;

/** The group's accounts (or the ones named) in account order, a batch at a time, with progress by accounts done. */
async function* siteBatches(ctx: ReportContext, siteNums: readonly number[] = []) {
  const base = () => {
    let query = ctx.db.selectFrom('sites').where('site_group_num', '=', ctx.siteGroupNum);
    if (siteNums.length) query = query.where('site_num', 'in', [...siteNums]);
    return query;
  };
  const { count } = await base()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  let done = 0;
  const pages = keyset(
    (last: { site_num: number }[] | undefined) =>
      base()
        .select(['site_num', 'site_name', 'status', 'time_zone'])
        .$if(last !== undefined, (q) => q.where('site_num', '>', last!.at(-1)!.site_num))
        .orderBy('site_num')
        .limit(SITE_BATCH)
        .execute(),
    full(SITE_BATCH),
    ctx,
  );
  for await (const sites of pages) {
    if (!sites.length) break;
    yield sites;
    done += sites.length;
    ctx.progress(done / Math.max(1, Number(count)));
  }
}

/**
 * The rows of records kept per account (tests, contacts, zones), a batch of accounts at a time:
 * `fetch` reads the records of a batch, in row order; each row starts with its account's number and name.
 */
async function* perAccount<T extends { site_num: number }>(
  ctx: ReportContext,
  siteNums: readonly number[],
  fetch: (siteNums: number[]) => Promise<T[]>,
  cells: (record: T) => ReportCell[],
): AsyncGenerator<ReportCell[][]> {
  for await (const sites of siteBatches(ctx, siteNums)) {
    const names = new Map(sites.map((s) => [s.site_num, s.site_name]));
    const records = await fetch(sites.map((s) => s.site_num));
    yield records.map((record): ReportCell[] => [record.site_num, names.get(record.site_num) ?? '', ...cells(record)]);
  }
}

const columns = (ctx: ReportContext, list: [key: string, header: string, type?: ReportColumn['type'], width?: number][]): ReportColumn[] =>
  list.map(([key, header, type, width]) => ({ key, header: ctx.t(header), type, width }));

const accountsInWords = (ctx: ReportContext, siteNums: readonly number[]) =>
  siteNums.length ? ctx.t('reports.output.accounts', { count: siteNums.length }) : ctx.t('reports.output.allAccounts');
const periodInWords = (ctx: ReportContext, range: ResolvedRange) =>
  `${ctx.t('reports.output.period', { from: range.fromDay, to: range.toDay })} (${ctx.t('reports.output.timesIn', { zone: ctx.timeZone })})`;
const title = (ctx: ReportContext, id: ReportId) => ctx.t(`reports.catalogue.${id}.name`);
const yesNo = (ctx: ReportContext, value: boolean) => ctx.t(value ? 'reports.output.yes' : 'reports.output.no');
const subtitle = (...parts: string[]) => parts.filter(Boolean).join(' · ');

async function* flatten(batches: AsyncIterable<ReportCell[][]>): AsyncGenerator<ReportCell[]> {
  for await (const rows of batches) yield* rows;
}

const alarmActivity: Definition<'alarmActivity'> = async (params: AlarmActivityParams, ctx) => {
  const range = resolvePeriod(params, ctx.now, ctx.timeZone);
  const kinds = [...params.kinds];
  const siteNums = [...params.siteNums];
  const kindLabel = Object.fromEntries(kinds.map((k) => [k, ctx.t(`events.kinds.${k}`)]));
  const onTest = ctx.t('siteTests.eventMarker');
  // The rows per UTC day, from the per-day counts: the expected rows (for the progress bar only)
  // and slices of about equal rows; the CSV reads them two at a time (db/slices.ts).
  const days = await ctx.db
    .selectFrom('event_days')
    .select([sql<string>`day::text`.as('day'), (eb) => eb.fn.sum<number>('count').as('rows')])
    .where('site_group_num', '=', ctx.siteGroupNum)
    .where('event_kind', 'in', kinds)
    .where('day', '>=', range.start.toISOString().slice(0, 10))
    .where('day', '<=', range.end.toISOString().slice(0, 10))
    .$if(siteNums.length > 0, (q) => q.where('site_num', 'in', siteNums))
    .groupBy('day')
    .execute();
  const perDay = days.map((d) => ({ day: d.day, rows: Number(d.rows) }));
  const expected = Math.max(
    1,
    perDay.reduce((sum, d) => sum + d.rows, 0),
  );
  const sliceRows = ctx.sliceRows ?? SLICE_ROWS;
  const slices = timeSlices(range.start, range.end, perDay, sliceRows);
  const columnList = columns(ctx, [
    ['date', 'eventExport.columns.date', 'text', 17],
    ['siteNum', 'reports.columns.siteNum', 'number', 9],
    ['siteName', 'reports.columns.siteName', 'text', 24],
    ['zone', 'reports.columns.zone', 'number', 6],
    ['zoneDescription', 'reports.columns.zoneDescription', 'text', 18],
    ['code', 'eventExport.columns.eventCode', 'text', 9],
    ['event', 'eventExport.columns.eventCodeDescription', 'text', 22],
    ['kind', 'eventExport.columns.kind', 'text', 12],
    ['onTest', 'reports.columns.onTest', 'text', 8],
  ]);
  /** Where a batch ends: the exact time (microseconds, which a Date would round) and number of its last event. */
  type Cursor = { cursor: string | null; alarm_num: number | null };
  /** The next batch of the group's events of a slice of the period, oldest first, after `last`, with its account and zone. */
  const batchAfter = (last: Cursor | undefined, slice: { start: Date; end: Date }) =>
    ctx.db
      .selectFrom(
        ctx.db
          .selectFrom('alarm_events as e')
          .selectAll('e')
          .where('e.site_group_num', '=', ctx.siteGroupNum)
          .where('e.alarm_date', '>=', slice.start)
          .where('e.alarm_date', '<', slice.end)
          .where('e.event_kind', 'in', kinds as never[])
          .$if(siteNums.length > 0, (q) => q.where('e.site_num', 'in', siteNums))
          .$if(last !== undefined, (q) =>
            q.where(sql<boolean>`(e.alarm_date, e.alarm_num) > (${last!.cursor}::timestamptz, ${last!.alarm_num})`),
          )
          .orderBy('e.alarm_date')
          .orderBy('e.alarm_num')
          .limit(BATCH)
          .as('e'),
      )
      .innerJoin('sites as s', 's.site_num', 'e.site_num')
      .leftJoin('zones as z', (join) => join.onRef('z.dev_num', '=', 'e.dev_num').onRef('z.zone_num', '=', 'e.zone_num'));
  const atInZone = sql<string>`to_char(e.alarm_date at time zone ${ctx.timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;
  const lastOf = [
    sql<string | null>`to_char(max(e.alarm_date) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor'),
    sql<number | null>`(array_agg(e.alarm_num order by e.alarm_date desc, e.alarm_num desc))[1]`.as('alarm_num'),
    sql<number>`count(*)::int`.as('rows'),
  ] as const;

  async function* rows() {
    type Batch = Cursor & {
      rows: number;
      cells: [string, number, string, number | null, string | null, string, string, string, boolean][] | null;
    };
    const fetch = (slice: (typeof slices)[number]) => (last: Batch | undefined) =>
      batchAfter(last, slice)
        .select([
          ...lastOf,
          sql<Batch['cells']>`json_agg(json_build_array(${atInZone}, e.site_num, s.site_name, e.zone_num, z.description,
            e.event_code, e.event_code_description, e.event_kind, e.on_test) order by e.alarm_date, e.alarm_num)`.as('cells'),
        ])
        .executeTakeFirstOrThrow() as Promise<Batch>;
    let done = 0;
    for await (const batch of concatAhead(slices.map((slice) => keyset(fetch(slice), (b) => b.rows === BATCH, ctx)))) {
      for (const [at, siteNum, siteName, zoneNum, zone, code, description, kind, onTestFlag] of batch.cells ?? [])
        yield [at, siteNum, siteName, zoneNum, zone, code, description, kindLabel[kind] ?? kind, onTestFlag ? onTest : ''] as ReportCell[];
      done += batch.rows;
      ctx.progress(Math.min(1, done / expected));
    }
  }

  // The CSV of the same rows, written by the database a batch at a time (cells quoted as csv-stringify quotes them).
  const cell = (text: string) => stringify([[text]], { escape_formulas: true }).slice(0, -1);
  const kindCells = EVENT_KINDS.map((k) => cell(kindLabel[k] ?? ctx.t(`events.kinds.${k}`)));
  async function* csvLines() {
    const line = sql<string>`concat(
      ${atInZone}, ',', e.site_num, ',', ${csvText(sql.ref('s.site_name'))}, ',',
      e.zone_num, ',', ${csvText(sql.ref('z.description'))}, ',', ${csvText(sql.ref('e.event_code'))}, ',',
      ${csvText(sql.ref('e.event_code_description'))}, ',',
      (${kindCells}::text[])[array_position(${[...EVENT_KINDS]}::text[], e.event_kind)], ',',
      case when e.on_test then ${cell(onTest)} else '' end, ${'\n'}::text)`;
    type Batch = Cursor & { rows: number; csv: string | null };
    const fetch = (slice: (typeof slices)[number]) => (last: Batch | undefined) =>
      batchAfter(last, slice)
        .select([...lastOf, sql<string | null>`string_agg(${line}, '' order by e.alarm_date, e.alarm_num)`.as('csv')])
        .executeTakeFirstOrThrow() as Promise<Batch>;
    yield { text: `\uFEFF${stringify([columnList.map((c) => c.header)], { escape_formulas: true })}`, rows: 0 };
    let done = 0;
    for await (const batch of concatAhead(
      slices.map((slice) => keyset(fetch(slice), (b) => b.rows === BATCH, ctx)),
      ctx.readAhead ? readAheadBatches(sliceRows, BATCH) : 0,
    )) {
      if (batch.csv) yield { text: batch.csv, rows: batch.rows };
      done += batch.rows;
      ctx.progress(Math.min(1, done / expected));
    }
  }
  return {
    csvLines: csvLines(),
    title: title(ctx, 'alarmActivity'),
    subtitle: subtitle(
      periodInWords(ctx, range),
      ctx.t('reports.output.kinds', { kinds: kinds.map((k) => kindLabel[k]).join(', ') }),
      accountsInWords(ctx, siteNums),
    ),
    columns: columnList,
    rows: rows(),
  };
};

const accountsOnTest: Definition<'accountsOnTest'> = async (params: AccountsOnTestParams, ctx) => {
  const range = params.when === 'period' ? resolvePeriod(params, ctx.now, ctx.timeZone) : null;
  const scopeLabel = (scope: string) => ctx.t(`siteTests.scope.${scope}`);
  const rows = perAccount(
    ctx,
    [],
    (siteNums) =>
      ctx.db
        .selectFrom('site_tests as t')
        .leftJoin('users as u', 'u.user_id', 't.created_by')
        .select([
          't.site_num',
          't.scope',
          't.dev_num',
          't.zones',
          't.kinds',
          't.starts_at',
          't.ends_at',
          't.ended_at',
          't.reason',
          'u.name as placed_by',
        ])
        .where('t.site_num', 'in', siteNums)
        .$if(range === null, (q) => q.where('t.starts_at', '<=', ctx.now).where('t.ends_at', '>', ctx.now).where('t.ended_at', 'is', null))
        .$if(range !== null, (q) =>
          q.where('t.starts_at', '<', range!.end).where(sql<boolean>`coalesce(t.ended_at, t.ends_at) > ${range!.start}`),
        )
        .orderBy('t.site_num')
        .orderBy('t.starts_at')
        .orderBy('t.test_id')
        .execute(),
    (t) => {
      const covers = [
        scopeLabel(t.scope),
        t.dev_num === null ? '' : `${t.dev_num}`,
        t.zones.length ? t.zones.join(', ') : '',
        t.kinds.map((k) => ctx.t(`events.kinds.${k}`)).join(', '),
      ]
        .filter(Boolean)
        .join(' · ');
      return [covers, new Date(t.starts_at), new Date(t.ends_at), t.ended_at ? new Date(t.ended_at) : null, t.reason, t.placed_by];
    },
  );
  return {
    title: title(ctx, 'accountsOnTest'),
    subtitle: range ? periodInWords(ctx, range) : ctx.t('reports.output.now', { date: dateIn(ctx.timeZone, ctx.now) }),
    columns: columns(ctx, [
      ['siteNum', 'reports.columns.siteNum', 'number', 9],
      ['siteName', 'reports.columns.siteName', 'text', 22],
      ['covers', 'reports.columns.covers', 'text', 18],
      ['starts', 'reports.columns.starts', 'dateTime', 15],
      ['ends', 'reports.columns.ends', 'dateTime', 15],
      ['endedAt', 'reports.columns.endedAt', 'dateTime', 15],
      ['reason', 'reports.columns.reason', 'text', 24],
      ['placedBy', 'reports.columns.placedBy', 'text', 16],
    ]),
    rows: flatten(rows),
  };
};

const openCloseExceptionsReport: Definition<'openCloseExceptions'> = async (params: OpenCloseExceptionsParams, ctx) => {
  const range = resolvePeriod(params, ctx.now, ctx.timeZone);
  const siteNums = [...params.siteNums];
  const exceptionLabel = (e: string) => ctx.t(`reports.exceptions.${e}`);
  // A day before and after the period: openings ahead of the first window, closings of the last overnight one.
  const from = new Date(range.start.getTime() - 86_400_000);
  const to = new Date(range.end.getTime() + 2 * 86_400_000);
  async function* rows() {
    for await (const sites of siteBatches(ctx, siteNums)) {
      const nums = sites.map((s) => s.site_num);
      const [windows, holidays, signals] = await Promise.all([
        ctx.db.selectFrom('schedules').select(['site_num', 'day_of_week', 'opens_at', 'closes_at']).where('site_num', 'in', nums).execute(),
        ctx.db
          .selectFrom('schedule_holidays')
          .select(['site_num', sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date'), 'opens_at', 'closes_at'])
          .where('site_num', 'in', nums)
          .execute(),
        ctx.db
          .selectFrom('alarm_events')
          .select(['site_num', 'event_code', 'alarm_date'])
          .where('site_group_num', '=', ctx.siteGroupNum)
          .where('site_num', 'in', nums)
          .where('event_kind', '=', 'openClose')
          .where('alarm_date', '>=', from)
          .where('alarm_date', '<', to)
          .execute(),
      ]);
      const out: ReportCell[][] = [];
      for (const site of sites) {
        const own = windows.filter((w) => w.site_num === site.site_num);
        const ownHolidays = holidays.filter((h) => h.site_num === site.site_num);
        if (!own.length && !ownHolidays.some((h) => h.opens_at)) continue;
        const findings = openCloseExceptions({
          timeZone: site.time_zone,
          fromDay: range.fromDay,
          toDay: range.toDay,
          windows: own.map((w) => ({ dayOfWeek: w.day_of_week, opensAt: w.opens_at.slice(0, 5), closesAt: w.closes_at.slice(0, 5) })),
          holidays: ownHolidays.map((h) => ({
            date: h.date,
            opensAt: h.opens_at?.slice(0, 5) ?? null,
            closesAt: h.closes_at?.slice(0, 5) ?? null,
          })),
          signals: signals
            .filter((s) => s.site_num === site.site_num)
            .map((s) => ({ at: new Date(s.alarm_date), opening: isOpening(s.event_code) })),
          graceMinutes: params.graceMinutes,
          exceptions: params.exceptions,
          now: ctx.now,
        });
        for (const f of findings) {
          out.push([
            site.site_num,
            site.site_name,
            f.day,
            exceptionLabel(f.exception),
            f.scheduled,
            f.actual ?? ctx.t('reports.output.noOpening'),
            f.minutes,
          ]);
        }
      }
      yield out;
    }
  }
  return {
    title: title(ctx, 'openCloseExceptions'),
    subtitle: subtitle(
      periodInWords(ctx, range),
      ctx.t('reports.output.exceptions', { exceptions: params.exceptions.map(exceptionLabel).join(', '), minutes: params.graceMinutes }),
      accountsInWords(ctx, siteNums),
    ),
    columns: columns(ctx, [
      ['siteNum', 'reports.columns.siteNum', 'number', 9],
      ['siteName', 'reports.columns.siteName', 'text', 24],
      ['day', 'reports.columns.day', 'text', 11],
      ['exception', 'reports.columns.exception', 'text', 15],
      ['scheduled', 'reports.columns.scheduled', 'dateTime', 15],
      ['actual', 'reports.columns.actual', 'dateTime', 15],
      ['minutes', 'reports.columns.minutes', 'number', 10],
    ]),
    rows: flatten(rows()),
  };
};

const dataCompleteness: Definition<'dataCompleteness'> = async (params: DataCompletenessParams, ctx) => {
  const wanted = new Set<string>(params.problems);
  const label = (w: string) => ctx.t(`siteInfo.warnings.${w}`);
  async function* rows() {
    for await (const sites of siteBatches(ctx)) {
      const counts = await ctx.db
        .selectFrom('site_completeness')
        .select([
          'site_num',
          'passcodes',
          'verifiers',
          'agencies',
          'premise_phones',
          sql<string | null>`permit_through::text`.as('permit_through'),
        ])
        .where(
          'site_num',
          'in',
          sites.map((s) => s.site_num),
        )
        .execute();
      const bySite = new Map(counts.map((c) => [c.site_num, c]));
      const out: ReportCell[][] = [];
      for (const site of sites) {
        const c = bySite.get(site.site_num);
        if (!c) continue;
        const warnings = warningsFromCounts(
          {
            passcodes: c.passcodes,
            verifiers: c.verifiers,
            agencies: c.agencies,
            premisePhones: c.premise_phones,
            permitThrough: c.permit_through,
          },
          dateIn(site.time_zone, ctx.now),
        ).filter((w) => wanted.has(w));
        if (warnings.length)
          out.push([site.site_num, site.site_name, ctx.t(`sites.status.${site.status}`), warnings.map(label).join('; ')]);
      }
      yield out;
    }
  }
  return {
    title: title(ctx, 'dataCompleteness'),
    subtitle: ctx.t('reports.output.problems', { problems: params.problems.map(label).join(', ') }),
    columns: columns(ctx, [
      ['siteNum', 'reports.columns.siteNum', 'number', 9],
      ['siteName', 'reports.columns.siteName', 'text', 26],
      ['status', 'reports.columns.status', 'text', 12],
      ['problems', 'reports.columns.problems', 'text', 60],
    ]),
    rows: flatten(rows()),
  };
};

const callList: Definition<'callList'> = async (params: CallListParams, ctx) => {
  const siteNums = [...params.siteNums];
  const rows = perAccount(
    ctx,
    siteNums,
    (sites) =>
      ctx.db
        .selectFrom('contacts')
        .select(['site_num', 'position', 'name', 'relation', 'phone_number', 'email', 'verifies', 'has_key'])
        .where('site_num', 'in', sites)
        .orderBy('site_num')
        .orderBy('position')
        .orderBy('contact_id')
        .execute(),
    (c) => [c.position, c.name, c.relation, c.phone_number, c.email, yesNo(ctx, c.verifies), yesNo(ctx, c.has_key)],
  );
  return {
    title: title(ctx, 'callList'),
    subtitle: accountsInWords(ctx, siteNums),
    columns: columns(ctx, [
      ['siteNum', 'reports.columns.siteNum', 'number', 9],
      ['siteName', 'reports.columns.siteName', 'text', 22],
      ['order', 'reports.columns.order', 'number', 6],
      ['contact', 'reports.columns.contact', 'text', 20],
      ['relation', 'reports.columns.relation', 'text', 12],
      ['phone', 'reports.columns.phone', 'text', 15],
      ['email', 'reports.columns.email', 'text', 24],
      ['verifies', 'reports.columns.verifies', 'text', 9],
      ['keyHolder', 'reports.columns.keyHolder', 'text', 9],
    ]),
    rows: flatten(rows),
  };
};

const zoneList: Definition<'zoneList'> = async (params: ZoneListParams, ctx) => {
  const siteNums = [...params.siteNums];
  const typeLabel = (type: string) => ctx.t(`accountEdits.zones.eventTypes.${type}`, { defaultValue: type });
  const rows = perAccount(
    ctx,
    siteNums,
    (sites) =>
      ctx.db
        .selectFrom('zones as z')
        .innerJoin('devices as d', 'd.dev_num', 'z.dev_num')
        .select(['d.site_num', 'd.dev_num', 'd.transmitter_code', 'z.zone_num', 'z.description', 'z.event_type'])
        .where('d.site_num', 'in', sites)
        .orderBy('d.site_num')
        .orderBy('d.dev_num')
        .orderBy('z.zone_num')
        .execute(),
    (z) => [z.dev_num, z.transmitter_code, z.zone_num, z.description, typeLabel(z.event_type)],
  );
  return {
    title: title(ctx, 'zoneList'),
    subtitle: accountsInWords(ctx, siteNums),
    columns: columns(ctx, [
      ['siteNum', 'reports.columns.siteNum', 'number', 9],
      ['siteName', 'reports.columns.siteName', 'text', 24],
      ['device', 'reports.columns.device', 'number', 9],
      ['transmitter', 'reports.columns.transmitter', 'text', 14],
      ['zone', 'reports.columns.zone', 'number', 6],
      ['zoneDescription', 'reports.columns.zoneDescription', 'text', 26],
      ['eventType', 'reports.columns.eventType', 'text', 14],
    ]),
    rows: flatten(rows),
  };
};

const topAlarmAccounts: Definition<'topAlarmAccounts'> = async (params: TopAlarmAccountsParams, ctx) => {
  const range = resolvePeriod(params, ctx.now, ctx.timeZone);
  const kinds = [...params.kinds];
  async function* rows() {
    const top = await ctx.db
      .selectFrom('alarm_events as e')
      .innerJoin('sites as s', 's.site_num', 'e.site_num')
      .select(['e.site_num', 's.site_name', (eb) => eb.fn.countAll<number>().as('signals'), (eb) => eb.fn.max('e.alarm_date').as('last')])
      .where('e.site_group_num', '=', ctx.siteGroupNum)
      .where('e.alarm_date', '>=', range.start)
      .where('e.alarm_date', '<', range.end)
      .where('e.event_kind', 'in', kinds as never[])
      .groupBy(['e.site_num', 's.site_name'])
      .orderBy('signals', 'desc')
      .orderBy('e.site_num')
      .limit(params.limit)
      .execute();
    ctx.progress(1);
    yield* top.map((r, i): ReportCell[] => [i + 1, r.site_num, r.site_name, Number(r.signals), new Date(r.last as Date)]);
  }
  return {
    title: title(ctx, 'topAlarmAccounts'),
    subtitle: subtitle(
      periodInWords(ctx, range),
      ctx.t('reports.output.kinds', { kinds: kinds.map((k) => ctx.t(`events.kinds.${k}`)).join(', ') }),
      ctx.t('reports.output.top', { count: params.limit }),
    ),
    columns: columns(ctx, [
      ['rank', 'reports.columns.rank', 'number', 6],
      ['siteNum', 'reports.columns.siteNum', 'number', 9],
      ['siteName', 'reports.columns.siteName', 'text', 30],
      ['signals', 'reports.columns.signals', 'number', 10],
      ['lastSignal', 'reports.columns.lastSignal', 'dateTime', 16],
    ]),
    rows: rows(),
  };
};

/** Every report of the catalogue, by id. */
export const REPORT_DEFINITIONS: { [R in ReportId]: Definition<R> } = {
  alarmActivity,
  accountsOnTest,
  openCloseExceptions: openCloseExceptionsReport,
  dataCompleteness,
  callList,
  zoneList,
  topAlarmAccounts,
};
