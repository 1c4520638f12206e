/**
 * Dashboard figures (`npm run bench -- --dashboard`): GET /api/dashboard's
 * answer (dashboardRepository.get, every query of the route) for one account group of
 * 100,000 accounts with 10,000,000 events on PostgreSQL, goal ≤ 150 ms, beside a
 * baseline measured in the same run: a primary-key select of one site.
 *
 * The data go straight into a dedicated database (BENCH_DASHBOARD_URL, default
 * postgres://postgres@127.0.0.1:5432/bench_dash, created when missing), seeded once
 * set-based (insert … select … from generate_series) and kept for later runs:
 * per account one device, a passcode for 4 in 5, two contacts (one verifying with a
 * phone for a third of them), an agency with a permit for 7 in 10 (some expired), a
 * premise phone for 3 in 5, 1 device in 500 on test; events spread over 365 UTC
 * days, a fifth of them alarms. The events are inserted with the event_days
 * triggers on, in statements of BENCH_DASHBOARD_BATCH rows. BENCH_DASHBOARD_EVENTS
 * sets how many (default 10,000,000).
 */
import pg from 'pg';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase, type Db } from '../../src/server/db/database.js';
import { dashboardRepository } from '../../src/server/dashboard/dashboardRepository.js';

const URL = process.env.BENCH_DASHBOARD_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_dash';
const GROUP = 7100;
const SITES = Number(process.env.BENCH_DASHBOARD_SITES ?? 100_000);
const EVENTS = Number(process.env.BENCH_DASHBOARD_EVENTS ?? 10_000_000);
const BATCH = Number(process.env.BENCH_DASHBOARD_BATCH ?? 500_000);
const FIRST_SITE = 5_000_000;
const RUNS = 30;

async function ensureDatabase(): Promise<void> {
  const url = new globalThis.URL(URL);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

async function seed(db: Db, log: (msg: string) => void): Promise<number> {
  const sites = Number(
    (await sql<{ n: number }>`select count(*)::int as n from sites where site_group_num = ${GROUP}`.execute(db)).rows[0]!.n,
  );
  if (sites < SITES) {
    log(`seeding ${SITES} accounts …`);
    const last = FIRST_SITE + SITES - 1;
    const g = sql`generate_series(${FIRST_SITE}::int, ${last}::int) g`;
    await db.transaction().execute(async (trx) => {
      await sql`
        insert into account_groups (site_group_num, site_group_name, dealer_number) values (${GROUP}, 'Bench Dealer', '7100') on conflict do nothing
      `.execute(trx);
      await sql`
        delete from sites where site_group_num = ${GROUP}
      `.execute(trx);
      await sql`
        insert into sites (site_num, site_group_num, site_name, address_line1, city, state, postal_code, time_zone, status)
          select g, ${GROUP}, 'Bench Site ' || g, g || ' Main St', 'Springfield', 'IL', '62701',
          (array['America/Chicago', 'America/New_York', 'America/Denver', 'America/Los_Angeles'])[1 + g % 4],
          (array['active', 'active', 'active', 'active', 'active', 'active', 'inAlarm', 'onTest', 'outOfService', 'pending'])[1 + g % 10]
          from ${g}
      `.execute(trx);
      await sql`
        insert into devices (dev_num, site_num, transmitter_code, on_test_until)
          select g, g, 'B' || g, case when g % 500 = 0 then now() + (g % 48) * interval '1 hour' end
          from ${g}
      `.execute(trx);
      await sql`
        insert into passcodes (site_num, name, passcode) select g, 'Owner', '1234' from ${g} where g % 5 <> 0
      `.execute(trx);
      await sql`
        insert into contacts (site_num, position, name, phone_number, verifies)
          select g, c, 'Contact ' || c, case when g % 7 = 0 and c = 2 then null else '555-01' || c end, c = 1 or g % 3 = 0
          from ${g}, generate_series(1, 2) c
      `.execute(trx);
      await sql`
        insert into site_agencies (site_num, kind, name, permit_number, permit_expires_on)
          select g, 'police', 'Police', case when g % 11 = 0 then null else 'P' || g end, current_date + (g % 400 - 30)
          from ${g} where g % 10 < 7
      `.execute(trx);
      await sql`
        insert into premise_phones (site_num, label, phone_number) select g, 'Main', '555-0100' from ${g} where g % 5 < 3
      `.execute(trx);
    });
  }
  let events = Number(
    (
      await sql<{ n: number }>`select coalesce(sum(count), 0)::bigint as n from group_event_days where site_group_num = ${GROUP}`.execute(
        db,
      )
    ).rows[0]!.n,
  );
  const started = Date.now();
  while (events < EVENTS) {
    const n = Math.min(BATCH, EVENTS - events);
    // Codes: 1 in 5 an alarm (E130), then trouble, open/close, test, restore.
    await sql`
      insert into alarm_events (site_num, dev_num, site_group_num, transmitter_code, zone_num, event_code, event_code_description, alarm_date)
        select s, s, ${GROUP}, 'B' || s, 1, (array['E130', 'E301', 'E401', 'E602', 'R130'])[1 + (i % 5)], 'Bench event',
          now() - ((i * 7919) % (365 * 86400)) * interval '1 second'
        from generate_series(${events}::bigint, ${events + n - 1}::bigint) i,
          lateral (select ${FIRST_SITE}::int + ((i * 2654435761) % ${SITES})::int as s) x
    `.execute(db);
    events += n;
    const rate = ((events - 0) / ((Date.now() - started) / 1000)) | 0;
    log(`events: ${events.toLocaleString('en')} of ${EVENTS.toLocaleString('en')} (${rate.toLocaleString('en')}/s this run)`);
  }
  await sql`vacuum analyze`.execute(db);
  return events;
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95), min: sorted[0]! };
}

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 3; i += 1) await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return samples;
}

export async function dashboardBench(): Promise<void> {
  console.log(`\nDashboard figures on PostgreSQL (${URL.replace(/\/\/[^@]*@/, '//')})`);
  await ensureDatabase();
  const handle = await openDatabase({ databaseUrl: URL });
  const { db } = handle;
  try {
    await migrateToLatest(db);
    const events = await seed(db, (msg) => console.log(`  ${msg}`));
    const columns = ['user_id', 'application_num', 'current_site_group_num'] as const;
    const user =
      (await db.selectFrom('users').select(columns).where('username', '=', 'bench.dashboard').executeTakeFirst()) ??
      (await db
        .insertInto('users')
        .values({ username: 'bench.dashboard', name: 'Bench', application_num: 2, current_site_group_num: GROUP })
        .returning(columns)
        .executeTakeFirstOrThrow());
    await db
      .insertInto('user_account_groups')
      .values({ user_id: user.user_id, site_group_num: GROUP })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const repository = dashboardRepository(db);
    const answer = await repository.get(user);
    console.log(
      `  group ${GROUP}: ${answer.totalSites.toLocaleString('en')} accounts, ${events.toLocaleString('en')} events; ` +
        `alarms 24 h ${answer.alarms.last24h}, 7 d ${answer.alarms.last7d}; on test ${answer.onTest.total}; ` +
        `top account ${answer.topSites[0]?.alarms ?? 0} alarms in 30 days`,
    );
    const baseline = stats(
      await time(() =>
        db
          .selectFrom('sites')
          .selectAll()
          .where('site_num', '=', FIRST_SITE + 4242)
          .executeTakeFirst(),
      ),
    );
    const figures = stats(await time(() => repository.get(user)));
    const f = (n: number) => `${n.toFixed(1)} ms`;
    console.log(`  baseline, a primary-key select of one site: median ${f(baseline.median)}, p95 ${f(baseline.p95)}`);
    console.log(
      `  dashboard answer (${RUNS} runs): median ${f(figures.median)}, p95 ${f(figures.p95)}, min ${f(figures.min)}; goal ≤ 150 ms: ` +
        `${figures.median <= 150 ? 'met' : 'NOT met'} (${(figures.median / baseline.median).toFixed(0)}x the baseline)`,
    );
  } finally {
    await handle.close();
  }
}
