import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_EXPORT_COLUMNS, EVENT_KINDS, type EventFilter, type EventRecord } from '../../schemas/events.js';
import { eventKind } from '../../src/common/eventKinds.js';
import { eventsRepository } from '../../src/server/events/eventsRepository.js';
import { wallClockText } from '../../src/common/zoneClock.js';
import es from '../../locales/es/eventExport.json';
import { signedInClient, type TestClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite, parseCsv } from './fixtures.js';

/**
 * Event history: GET /api/events and its CSV export, on fixture
 * events of one demo site of group 9993 (dealer.beta's group), beside the
 * site's demo events. Every answer is compared with the site's events read
 * straight from the table and filtered here.
 */

/** Codes of every Contact ID family, odd ones included: the database's event_kind must be eventKind(). */
const CODES = [
  'E130',
  'e110',
  'P120',
  '100',
  'R130',
  'R401',
  'E401',
  'r402',
  '441',
  'E200',
  'E301',
  'R301',
  'E570',
  'E602',
  'R602',
  'E700',
  'X130',
  '',
  'E',
  'R',
];
const DESCRIPTIONS = [
  'Burglary Alarm',
  'Fire, Smoke "Detector"',
  'Opening by User',
  'AC Power Loss',
  'Periodic Test',
  '=cmd|calc',
  '-5 dBm signal',
  '@home',
  '\tTab first',
  'Two\nlines',
  '\rReturn first',
  '\uFF1Dwide',
  'Señal débil',
];

/** The CSV's text, its byte-order mark kept (Response.text() drops it) and checked. */
async function csvText(response: Response): Promise<string> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}

/** 'yyyy-MM-dd HH:mm:ss' of an instant in a time zone, with Intl (the export writes it with the database). */
function localTime(iso: string, timeZone: string): string {
  return wallClockText(new Date(iso), timeZone).replace('T', ' ');
}

describe.each(TEST_DATABASES)('event history on $name', (database) => {
  const { t } = demoSuite(database);
  let beta: TestClient;
  let site: { site_num: number; site_name: string; time_zone: string; dev_num: number };
  const extraDevice = 990_001;
  /** The site's events as the table holds them, newest first, with exact dates and zone descriptions. */
  let all: (EventRecord & { exact: string })[];

  const url = (path: string, params: Record<string, unknown>) =>
    `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))}`;

  /** Follows X-Next-Cursor from the first page to the last: every row, and the pages' headers. */
  async function walk(client: TestClient, filter: EventFilter, size = 50) {
    const rows: EventRecord[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const response = await client.request(
        'GET',
        url('/api/events', { filter, range: [rows.length, rows.length + size - 1], ...(cursor && { cursor }) }),
      );
      expect(response.status).toBe(200);
      const page: EventRecord[] = await response.json();
      expect(response.headers.get('content-range')).toBe(
        `events ${rows.length}-${page.length ? rows.length + page.length - 1 : rows.length}/*`,
      );
      cursor = response.headers.get('x-next-cursor') ?? undefined;
      expect(page.length).toBe(cursor ? size : page.length);
      rows.push(...page);
      pages++;
      if (pages > 1000) throw new Error('too many pages');
    } while (cursor);
    return rows;
  }

  /** What the list must answer for a filter: the table's rows filtered here. */
  function expected(filter: EventFilter): EventRecord[] {
    const micro = (iso: string) => new Date(iso).toISOString().replace('Z', '000Z');
    return all
      .filter((e) => filter.deviceNum === undefined || e.devNum === filter.deviceNum)
      .filter((e) => filter.from === undefined || e.exact >= micro(filter.from))
      .filter((e) => filter.to === undefined || e.exact < micro(filter.to))
      .filter((e) => !filter.kind?.length || filter.kind.includes(e.kind))
      .filter((e) => filter.zone === undefined || e.zoneNum === filter.zone)
      .filter((e) => {
        const q = filter.q?.trim().toLowerCase();
        return !q || [e.eventCodeDescription, e.eventCode, e.zoneDescription ?? ''].some((text) => text.toLowerCase().includes(q));
      })
      .map(({ exact: _exact, ...record }) => record);
  }

  beforeAll(async () => {
    site = await t.db
      .selectFrom('sites')
      .innerJoin('devices', 'devices.site_num', 'sites.site_num')
      .select(['sites.site_num', 'sites.site_name', 'sites.time_zone', 'devices.dev_num'])
      .where('sites.site_group_num', '=', 9993)
      .orderBy('sites.site_num')
      .limit(1)
      .executeTakeFirstOrThrow();
    // A second device on the site, with zones whose descriptions the search and the CSV must get right.
    await t.db
      .insertInto('devices')
      .values({ dev_num: extraDevice, site_num: site.site_num, transmitter_code: 'EVT990001', description: 'Event test panel' })
      .execute();
    await t.db
      .insertInto('zones')
      .values([
        { dev_num: extraDevice, zone_num: 1, description: 'Front Door, Main', event_type: 'Burglary' },
        { dev_num: extraDevice, zone_num: 2, description: 'Kitchen "Smoke"', event_type: 'Fire' },
        { dev_num: extraDevice, zone_num: 3, description: '+Garage', event_type: 'Burglary' },
      ])
      .execute();
    // 300 events over 60 days: every code family, both devices, zones and none, ties on the date, microseconds.
    const base = Date.parse('2026-01-01T00:00:00Z');
    const rows = Array.from({ length: 300 }, (_, i) => {
      const dev = i % 3 === 0 ? site.dev_num : extraDevice;
      // i = 0 and 2 share their date exactly; 3 and 5 share its milliseconds only.
      const micros = i % 6 < 3 ? 0 : (i * 7919) % 1_000_000;
      const ms = base + Math.floor(i / 3) * 14 * 3600_000 + (i % 2) * 1000;
      const date = new Date(ms).toISOString().replace(/\.\d{3}Z$/, `.${String(micros).padStart(6, '0')}Z`);
      return {
        site_num: site.site_num,
        dev_num: dev,
        site_group_num: 9993,
        transmitter_code: dev === extraDevice ? 'EVT990001' : 'demo',
        zone_num: dev === extraDevice ? [null, 1, 2, 3, 9][i % 5] : null,
        event_code: CODES[i % CODES.length],
        event_code_description: DESCRIPTIONS[i % DESCRIPTIONS.length],
        alarm_date: sql<Date>`${date}::timestamptz`,
      };
    });
    await t.db.insertInto('alarm_events').values(rows).execute();

    const stored = await t.db
      .selectFrom('alarm_events as e')
      .leftJoin('zones as z', (join) => join.onRef('z.dev_num', '=', 'e.dev_num').onRef('z.zone_num', '=', 'e.zone_num'))
      .select([
        'e.alarm_num',
        'e.dev_num',
        'e.transmitter_code',
        'e.zone_num',
        'z.description',
        'e.event_code',
        'e.event_code_description',
        'e.event_kind',
        'e.on_test',
        'e.alarm_date',
        sql<string>`to_char(e.alarm_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('exact'),
      ])
      .where('e.site_num', '=', site.site_num)
      .execute();
    all = stored
      .map((e) => ({
        id: e.alarm_num,
        alarmNum: e.alarm_num,
        siteNum: site.site_num,
        devNum: e.dev_num,
        siteName: site.site_name,
        transmitterCode: e.transmitter_code,
        zoneNum: e.zone_num,
        zoneDescription: e.description,
        eventCode: e.event_code,
        eventCodeDescription: e.event_code_description,
        kind: e.event_kind,
        alarmDate: new Date(e.alarm_date).toISOString(),
        onTest: e.on_test,
        exact: e.exact,
      }))
      .sort((a, b) => (a.exact === b.exact ? b.alarmNum - a.alarmNum : a.exact < b.exact ? 1 : -1));
    beta = await signedInClient(t.origin, 'dealer.beta');
  });

  it("computes the same kind as eventKind() for every code family (the database's generated column)", async () => {
    const kinds = await t.db.selectFrom('alarm_events').select(['event_code', 'event_kind']).distinct().execute();
    for (const code of CODES) expect(kinds.some((k) => k.event_code === code)).toBe(true);
    for (const { event_code, event_kind } of kinds) expect([event_code, event_kind]).toEqual([event_code, eventKind(event_code)]);
  });

  it('walks every event of the site exactly once, newest first, in keyset pages of any size', async () => {
    expect(all.length).toBeGreaterThan(300);
    const whole = expected({ siteNum: site.site_num });
    expect(await walk(beta, { siteNum: site.site_num }, 7)).toEqual(whole);
    expect(await walk(beta, { siteNum: site.site_num }, 500)).toEqual(whole);
    // Without a range: a page of 50.
    const first = await beta.request('GET', url('/api/events', { filter: { siteNum: site.site_num } }));
    expect(await first.json()).toEqual(whole.slice(0, 50));
    expect(first.headers.get('content-range')).toBe('events 0-49/*');
  });

  it('filters by device, date bounds (from inclusive, to exclusive), kind, zone and text', async () => {
    const siteNum = site.site_num;
    const [newer, older] = [all[40], all[200]];
    const filters: EventFilter[] = [
      { siteNum, deviceNum: extraDevice },
      { siteNum, deviceNum: site.dev_num },
      { siteNum, from: older.alarmDate, to: newer.alarmDate },
      { siteNum, from: '2026-01-20T00:00:00.000Z' },
      { siteNum, to: '2026-01-20T00:00:00.000Z' },
      { siteNum, kind: ['alarm'] },
      { siteNum, kind: ['trouble', 'test'] },
      { siteNum, kind: ['openClose', 'restore', 'other'] },
      { siteNum, zone: 2 },
      { siteNum, q: 'door' },
      { siteNum, q: 'SMOKE' },
      { siteNum, q: 'r40' },
      { siteNum, q: '100%' },
      { siteNum, deviceNum: extraDevice, kind: ['alarm'], zone: 1, from: '2026-01-10T00:00:00Z' },
    ];
    for (const filter of filters) {
      const rows = expected(filter);
      if (!filter.q?.includes('%')) expect(rows.length, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(await walk(beta, filter, 20), JSON.stringify(filter)).toEqual(rows);
    }
    // The bounds themselves: an event exactly at `from` is in, one exactly at `to` is out.
    const bounded = await walk(beta, { siteNum, from: older.alarmDate, to: newer.alarmDate }, 500);
    const atMs = (iso: string) => all.filter((e) => e.alarmDate === iso && e.exact.endsWith('000Z'));
    if (atMs(older.alarmDate).length) expect(bounded.map((e) => e.id)).toContain(atMs(older.alarmDate)[0].id);
    expect(bounded.some((e) => e.alarmDate >= newer.alarmDate)).toBe(false);
  });

  it('refuses a malformed cursor, range or filter with 400', async () => {
    const filter = { siteNum: site.site_num };
    const cursors = [
      'not a cursor!',
      Buffer.from('garbage').toString('base64url'),
      Buffer.from('2026-02-31T00:00:00.000000Z|5').toString('base64url'),
      Buffer.from('2026-01-01T00:00:00.000Z|5').toString('base64url'),
      Buffer.from('2026-01-01T00:00:00.000000Z|0').toString('base64url'),
      Buffer.from('2026-01-01T00:00:00.000000Z|99999999999999999999').toString('base64url'),
    ];
    for (const cursor of cursors) {
      const response = await beta.request('GET', url('/api/events', { filter, cursor }));
      expect(response.status, cursor).toBe(400);
      expect((await response.json()).message).toMatch(/cursor/);
    }
    for (const range of ['[0]', '[5,2]', '[0,500]', 'x']) {
      expect((await beta.request('GET', url('/api/events', { filter, range }))).status, range).toBe(400);
    }
    expect((await beta.request('GET', url('/api/events', { filter, range: [0, 499] }))).status).toBe(200);
    for (const bad of [
      '{',
      '{}',
      JSON.stringify({ siteNum: 'x' }),
      JSON.stringify({ siteNum: 1, kind: ['fire'] }),
      JSON.stringify({ siteNum: 1, from: 'yesterday' }),
    ]) {
      expect((await beta.request('GET', url('/api/events', { filter: bad }))).status, bad).toBe(400);
    }
  });

  it("keeps to the tenant scope: another group's site is not found, a customer reads and exports linked sites only", async () => {
    const summit = await signedInClient(t.origin, 'dealer.summit');
    const filter = { siteNum: site.site_num };
    expect((await summit.request('GET', url('/api/events', { filter }))).status).toBe(404);
    expect((await summit.request('GET', url('/api/events/export', { format: 'csv', filter }))).status).toBe(404);

    const customer = await signedInClient(t.origin, 'customer@example.com');
    const userId = (
      await t.db.selectFrom('users').select('user_id').where('username', '=', 'customer@example.com').executeTakeFirstOrThrow()
    ).user_id;
    const linked = await t.db.selectFrom('msa_account_links').select('site_num').where('user_id', '=', userId).execute();
    expect(linked.length).toBeGreaterThan(0);
    for (const { site_num } of linked) {
      const rows = await walk(customer, { siteNum: site_num });
      expect(rows.every((e) => e.siteNum === site_num)).toBe(true);
    }
    const unlinked = await t.db
      .selectFrom('sites')
      .select('site_num')
      .where(
        'site_num',
        'not in',
        linked.map((l) => l.site_num),
      )
      .orderBy('site_num')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect((await customer.request('GET', url('/api/events', { filter: { siteNum: unlinked.site_num } }))).status).toBe(404);
    // A customer exports the history of a linked account, and of no other.
    expect(
      (await customer.request('GET', url('/api/events/export', { format: 'csv', filter: { siteNum: linked[0].site_num } }))).status,
    ).toBe(200);
    expect(
      (await customer.request('GET', url('/api/events/export', { format: 'csv', filter: { siteNum: unlinked.site_num } }))).status,
    ).toBe(404);
  });

  it('exports exactly what the list shows: header row in the language asked for, dates in tz, X-Total-Count, audited', async () => {
    const cases: { filter: EventFilter; tz: string }[] = [
      { filter: { siteNum: site.site_num }, tz: 'America/Chicago' },
      { filter: { siteNum: site.site_num, kind: ['alarm'] }, tz: 'Asia/Kolkata' },
      { filter: { siteNum: site.site_num, q: 'door', deviceNum: extraDevice }, tz: 'UTC' },
    ];
    for (const { filter, tz } of cases) {
      const response = await beta.request('GET', url('/api/events/export', { format: 'csv', filter, tz }), undefined, {
        'Accept-Language': 'es',
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date()).replace(/-/g, '');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="events-${site.site_num}-${day}.csv"`);
      const text = await csvText(response);
      const [header, ...records] = parseCsv(text.slice(1));
      expect(header).toEqual(EVENT_EXPORT_COLUMNS.map((column) => es.columns[column]));
      const list = await walk(beta, filter, 100);
      expect(Number(response.headers.get('x-total-count'))).toBe(list.length);
      // csv-stringify (escape_formulas) of the list's rows is the very text of the export.
      const reference = stringify(
        list.map((e) => [
          localTime(e.alarmDate, tz),
          e.siteNum,
          e.siteName,
          e.devNum,
          e.transmitterCode,
          e.zoneNum,
          e.zoneDescription,
          e.eventCode,
          e.eventCodeDescription,
          es.kinds[e.kind],
        ]),
        { escape_formulas: true },
      );
      expect(text.slice(text.indexOf('\n') + 1)).toBe(reference);
      const formula = (text: string | null) => (text && /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(text) ? `'${text}` : (text ?? ''));
      expect(records).toEqual(
        list.map((e) => [
          localTime(e.alarmDate, tz),
          String(e.siteNum),
          formula(e.siteName),
          String(e.devNum),
          formula(e.transmitterCode),
          e.zoneNum === null ? '' : String(e.zoneNum),
          formula(e.zoneDescription),
          formula(e.eventCode),
          formula(e.eventCodeDescription),
          es.kinds[e.kind],
        ]),
      );
    }
    // This test's exports: the last ones (an earlier test's customer exported one too).
    const audit = (
      await t.db
        .selectFrom('audit_log')
        .select(['action', 'target_id', 'details'])
        .where('action', '=', 'events.exported')
        .orderBy('audit_id')
        .execute()
    ).slice(-cases.length);
    expect(audit.length).toBe(cases.length);
    const details = (row: (typeof audit)[number]) => (typeof row.details === 'string' ? JSON.parse(row.details) : row.details);
    expect(audit[0].target_id).toBe(String(site.site_num));
    expect(details(audit[0])).toMatchObject({ filter: cases[0].filter, timeZone: 'America/Chicago', rows: all.length });
  });

  it("writes the site's time zone by default and refuses a zone that is not an IANA name", async () => {
    const filter = { siteNum: site.site_num, deviceNum: extraDevice };
    const text = await csvText(await beta.request('GET', url('/api/events/export', { format: 'csv', filter })));
    const [header, first] = parseCsv(text.slice(1));
    expect(header[0]).toBe('Date');
    const list = await walk(beta, filter, 500);
    expect(first[0]).toBe(localTime(list[0].alarmDate, site.time_zone));
    for (const tz of ['+01:00', 'Mars/Olympus', 'UTC; drop table sites']) {
      expect((await beta.request('GET', url('/api/events/export', { format: 'csv', filter, tz }))).status, tz).toBe(400);
    }
    expect((await beta.request('GET', url('/api/events/export', { format: 'xlsx', filter }))).status).toBe(400);
  });

  it('exports in keyset batches that join up exactly (the repository, with batches of 7)', async () => {
    const events = eventsRepository(t.db);
    const filter = { siteNum: site.site_num };
    const options = { timeZone: 'UTC', batchSize: 7, siteCells: 'S', kindLabels: EVENT_KINDS.map((k) => k) };
    const lines: string[] = [];
    let batches = 0;
    for await (const csv of events.csvBatches(filter, { ...options, stopped: () => false })) {
      lines.push(...parseCsv(csv).map((record) => `${record[0]} ${record[2]} ${record[6]} ${record[8]}`));
      batches++;
    }
    expect(batches).toBe(Math.ceil(all.length / 7));
    expect(lines).toEqual(
      all.map((e) => `${localTime(e.alarmDate, 'UTC')} ${e.devNum} ${e.eventCode.replace(/^([=+\-@])/, "'$1")} ${e.kind}`),
    );
    // Stopped (the client went away): no further batch.
    let seen = 0;
    for await (const csv of events.csvBatches(filter, { ...options, stopped: () => seen > 0 })) seen += parseCsv(csv).length;
    expect(seen).toBe(7);
  });

  it('reads a long history in day slices, newest first, with the same bytes as one pass (read ahead or not)', async () => {
    const events = eventsRepository(t.db);
    const options = {
      timeZone: 'America/New_York',
      batchSize: 5,
      siteCells: 'S',
      kindLabels: EVENT_KINDS.map((k) => k),
      stopped: () => false,
    };
    let chunks = 0;
    const text = async (filter: EventFilter, extra: { sliceRows?: number; readAhead?: boolean }) => {
      let out = '';
      chunks = 0;
      for await (const csv of events.csvBatches(filter, { ...options, ...extra })) {
        out += csv;
        chunks++;
      }
      return out;
    };
    const days = new Set(all.map((e) => e.alarmDate.slice(0, 10)));
    expect(days.size, 'the fixture spreads over several days').toBeGreaterThan(3);
    const middle = all[Math.floor(all.length / 2)].alarmDate;
    const filters: EventFilter[] = [
      { siteNum: site.site_num },
      { siteNum: site.site_num, kind: ['alarm', 'openClose'] },
      { siteNum: site.site_num, from: `${all.at(-1)!.alarmDate.slice(0, 10)}T05:00:00-05:00`, to: middle },
      { siteNum: site.site_num, q: 'a' },
    ];
    for (const filter of filters) {
      const whole = await text(filter, {});
      expect(parseCsv(whole).length, JSON.stringify(filter)).toBe(expected(filter).length);
      for (const readAhead of [false, true]) {
        expect(await text(filter, { sliceRows: Math.max(1, Math.floor(all.length / 6)), readAhead }), JSON.stringify(filter)).toBe(whole);
        // Each slice ends on a batch of its own: more chunks than one pass of batches of 5.
        if (filter === filters[0]) expect(chunks).toBeGreaterThan(Math.ceil(all.length / 5));
      }
    }
  });
});
