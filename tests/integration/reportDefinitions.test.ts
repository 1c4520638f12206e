import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportId } from '../../schemas/reports.js';
import { SIGNAL_KINDS } from '../../schemas/events.js';
import { SITE_WARNINGS } from '../../schemas/sites.js';
import { resolvePeriod } from '../../src/common/reportRules.js';
import { createServerI18n } from '../../src/server/i18n.js';
import { reportEngine } from '../../src/server/reports/reportEngine.js';
import type { ReportCell, ReportContext } from '../../src/server/reports/reportTypes.js';
import { json, signedInClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite } from './fixtures.js';
import { sleep } from './realtimeHelpers.js';

/**
 * Every report's contents against an independent query of the demo data
 *, within dealer.beta's account group (9993) and never another's,
 * and one run end to end through the runner and the file download.
 */
const GROUP = 9993;
const ZONE = 'America/New_York';

describe.each(TEST_DATABASES)('report contents on $name', (database) => {
  const { t } = demoSuite(database);
  let context: ReportContext;
  let groupSites: Set<number>;

  beforeAll(async () => {
    const i18n = await createServerI18n();
    context = {
      db: t.db,
      siteGroupNum: GROUP,
      timeZone: ZONE,
      t: i18n.forRequest('en'),
      now: new Date(),
      progress: () => undefined,
      stopped: () => false,
    };
    const sites = await t.db.selectFrom('sites').select('site_num').where('site_group_num', '=', GROUP).execute();
    groupSites = new Set(sites.map((s) => s.site_num));
  });

  async function rows(reportId: ReportId, parameters: Record<string, unknown>) {
    const output = await reportEngine.build(reportId, parameters, context);
    const all: ReportCell[][] = [];
    for await (const row of output.rows) all.push(row);
    return { output, rows: all };
  }

  it('alarm activity: every signal of the period of the group, oldest first, in the zone', async () => {
    const range = resolvePeriod({ period: 'last30Days' }, context.now, ZONE);
    const { output, rows: got } = await rows('alarmActivity', { period: 'last30Days', kinds: [...SIGNAL_KINDS], siteNums: [] });
    const expected = await sql<{ at: string; site_num: number; event_code: string }>`
      select to_char(alarm_date at time zone ${ZONE}, 'YYYY-MM-DD HH24:MI:SS') as at, site_num, event_code from alarm_events
      where site_group_num = ${GROUP} and alarm_date >= ${range.start} and alarm_date < ${range.end} and event_kind <> 'change'
      order by alarm_date, alarm_num`.execute(t.db);
    expect(expected.rows.length).toBeGreaterThan(100);
    expect(got.map((r) => [r[0], r[1], r[5]])).toEqual(expected.rows.map((r) => [r.at, r.site_num, r.event_code]));
    expect(output.columns.map((c) => c.header)).toEqual([
      'Date',
      'Account',
      'Account name',
      'Zone',
      'Zone description',
      'Event code',
      'Event',
      'Kind',
      'On test',
    ]);
    expect(got.every((r) => groupSites.has(r[1] as number))).toBe(true);
  });

  it('alarm activity CSV: the lines the database writes are the bytes csv-stringify writes of the same rows', async () => {
    const parameters = { period: 'last30Days', kinds: [...SIGNAL_KINDS], siteNums: [] };
    const fast = await reportEngine.build('alarmActivity', parameters, context);
    let text = '';
    let count = 0;
    for await (const lines of fast.csvLines!) {
      text += lines.text;
      count += lines.rows;
    }
    const { output, rows: cells } = await rows('alarmActivity', parameters);
    const expected =
      '\uFEFF' +
      stringify([output.columns.map((c) => c.header), ...cells.map((r) => r.map((c) => (c === null ? '' : String(c))))], {
        escape_formulas: true,
      });
    expect(count).toBe(cells.length);
    expect(text).toBe(expected);

    // Read in slices of a day or more, two at a time (db/slices.ts): the same bytes.
    for (const readAhead of [true, false]) {
      const sliced = await reportEngine.build('alarmActivity', parameters, {
        ...context,
        sliceRows: Math.ceil(cells.length / 6),
        readAhead,
      });
      let slicedText = '';
      for await (const lines of sliced.csvLines!) slicedText += lines.text;
      expect(slicedText).toBe(expected);
    }
  });

  it('alarm activity: kinds and accounts narrow it, batches do not repeat or skip rows', async () => {
    const site = [...groupSites][0];
    const { rows: got } = await rows('alarmActivity', { period: 'last30Days', kinds: ['alarm'], siteNums: [site] });
    const range = resolvePeriod({ period: 'last30Days' }, context.now, ZONE);
    const count = await t.db
      .selectFrom('alarm_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('site_num', '=', site)
      .where('event_kind', '=', 'alarm')
      .where('alarm_date', '>=', range.start)
      .where('alarm_date', '<', range.end)
      .executeTakeFirstOrThrow();
    expect(got.length).toBe(Number(count.n));
    expect(got.every((r) => r[1] === site && r[7] === 'Alarm')).toBe(true);
  });

  it('accounts on test now: the tests in force of the group', async () => {
    const { rows: got } = await rows('accountsOnTest', { when: 'now' });
    const expected = await t.db
      .selectFrom('site_tests as t')
      .innerJoin('sites as s', 's.site_num', 't.site_num')
      .select(['t.site_num', 't.reason'])
      .where('s.site_group_num', '=', GROUP)
      .where('t.starts_at', '<=', context.now)
      .where('t.ends_at', '>', context.now)
      .where('t.ended_at', 'is', null)
      .orderBy('t.site_num')
      .orderBy('t.starts_at')
      .execute();
    expect(expected.length).toBeGreaterThan(0);
    expect(got.map((r) => [r[0], r[6]])).toEqual(expected.map((e) => [e.site_num, e.reason]));
  });

  it('data completeness: the accounts with the problems the account view shows', async () => {
    const { rows: got } = await rows('dataCompleteness', { problems: ['noPasscode'] });
    const expected = await t.db
      .selectFrom('sites as s')
      .select('s.site_num')
      .where('s.site_group_num', '=', GROUP)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('passcodes as p').select('p.passcode_id').whereRef('p.site_num', '=', 's.site_num'))),
      )
      .orderBy('s.site_num')
      .execute();
    expect(got.map((r) => r[0])).toEqual(expected.map((e) => e.site_num));
    expect(got.every((r) => r[3] === 'No passcode on file' || String(r[3]).length > 0)).toBe(true);
    const all = await rows('dataCompleteness', { problems: [...SITE_WARNINGS] });
    expect(all.rows.length).toBeGreaterThanOrEqual(got.length);
  });

  it('call list and zone list: every contact and zone of the group in order', async () => {
    const contacts = await t.db
      .selectFrom('contacts as c')
      .innerJoin('sites as s', 's.site_num', 'c.site_num')
      .select(['c.site_num', 'c.position', 'c.name'])
      .where('s.site_group_num', '=', GROUP)
      .orderBy('c.site_num')
      .orderBy('c.position')
      .orderBy('c.contact_id')
      .execute();
    const calls = await rows('callList', { siteNums: [] });
    expect(calls.rows.map((r) => [r[0], r[2], r[3]])).toEqual(contacts.map((c) => [c.site_num, c.position, c.name]));

    const zones = await t.db
      .selectFrom('zones as z')
      .innerJoin('devices as d', 'd.dev_num', 'z.dev_num')
      .innerJoin('sites as s', 's.site_num', 'd.site_num')
      .select(['d.site_num', 'z.dev_num', 'z.zone_num', 'z.description'])
      .where('s.site_group_num', '=', GROUP)
      .orderBy('d.site_num')
      .orderBy('d.dev_num')
      .orderBy('z.zone_num')
      .execute();
    const zoneRows = await rows('zoneList', { siteNums: [] });
    expect(zoneRows.rows.map((r) => [r[0], r[2], r[4], r[5]])).toEqual(
      zones.map((z) => [z.site_num, z.dev_num, z.zone_num, z.description]),
    );
  });

  it('top alarm accounts: the busiest accounts of the period by count', async () => {
    const range = resolvePeriod({ period: 'last30Days' }, context.now, ZONE);
    const expected = await sql<{ site_num: number; n: number }>`
      select site_num, count(*)::int as n from alarm_events
      where site_group_num = ${GROUP} and alarm_date >= ${range.start} and alarm_date < ${range.end} and event_kind = 'alarm'
      group by site_num order by n desc, site_num limit 10`.execute(t.db);
    const { rows: got } = await rows('topAlarmAccounts', { period: 'last30Days', kinds: ['alarm'], limit: 10 });
    expect(got.map((r) => [r[0], r[1], r[3]])).toEqual(expected.rows.map((e, i) => [i + 1, e.site_num, e.n]));
  });

  it('open/close exceptions: only accounts with schedules, only the chosen exceptions', async () => {
    const { rows: got } = await rows('openCloseExceptions', {
      period: 'last7Days',
      exceptions: ['lateToOpen'],
      graceMinutes: 15,
      siteNums: [],
    });
    const scheduled = await t.db
      .selectFrom('schedules as sc')
      .innerJoin('sites as s', 's.site_num', 'sc.site_num')
      .select('sc.site_num')
      .distinct()
      .where('s.site_group_num', '=', GROUP)
      .execute();
    const withSchedules = new Set(scheduled.map((s) => s.site_num));
    expect(got.length).toBeGreaterThan(0);
    expect(got.every((r) => withSchedules.has(r[0] as number) && r[3] === 'Late to open')).toBe(true);
  });

  it('another group sees none of these accounts', async () => {
    const other = { ...context, siteGroupNum: 6650 };
    const output = await reportEngine.build('zoneList', { siteNums: [] }, other);
    for await (const row of output.rows) expect(groupSites.has(row[0] as number)).toBe(false);
  });

  /** A run queued by dealer.beta through the API, followed until it ends (30 s at most). */
  async function runThrough(report: { reportId: string; format: string }) {
    const beta = await signedInClient(t.origin, 'dealer.beta');
    const queued = await json(await beta.request('POST', '/api/reportRuns', { ...report, parameters: { siteNums: [] }, timeZone: ZONE }));
    let run = queued.body;
    for (const deadline = Date.now() + 30_000; run.status === 'queued' || run.status === 'running';) {
      if (Date.now() > deadline) throw new Error(`run still ${run.status}`);
      await sleep(200);
      run = (await json(await beta.request('GET', `/api/reportRuns/${queued.body.id}`))).body;
    }
    return { beta, queued, run };
  }

  it('a run through the runner: queued, done, and the file is the report', async () => {
    const { beta, queued, run } = await runThrough({ reportId: 'callList', format: 'csv' });
    expect(queued.status).toBe(201);
    expect(run.status).toBe('done');
    const file = await beta.request('GET', `/api/reportRuns/${run.id}/file`);
    expect(file.status).toBe(200);
    const text = (await file.text()).replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('Account,Account name,Order,Contact,Relation,Phone,Email,May verify,Key holder');
    expect(lines.length - 1).toBe(run.rowCount);
  });

  it.each([
    ['pdf', '%PDF-'],
    ['xlsx', 'PK'],
  ])('a %s run through the runner stores the whole file', async (format, magic) => {
    const { beta, run } = await runThrough({ reportId: 'zoneList', format });
    expect(run.status).toBe('done');
    const file = Buffer.from(await (await beta.request('GET', `/api/reportRuns/${run.id}/file`)).arrayBuffer());
    expect(file.length).toBe(run.sizeBytes);
    expect(file.length).toBeGreaterThan(1000);
    expect(file.subarray(0, magic.length).toString()).toBe(magic);
  });
});
