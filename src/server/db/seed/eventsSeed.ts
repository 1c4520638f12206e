import { sql } from 'kysely';
import type { Db } from '../database.js';
import { EVENT_CODES } from './demo/deviceWords.js';
import { mulberry32, pick, weightedPick } from './random.js';

/**
 * Event history at scale for one site (`npm run seed -- --events N [--site S]`),
 * for the history list and export benchmarks: N alarm events spread over the
 * last year, oldest first (alarm numbers rise with time, as when signals
 * arrive), over the site's devices, with the demo's Contact ID codes of every
 * family by their weights plus a few rarer ones, and a zone of the right type
 * where the code comes from a zone. The rows are made by the database (insert
 * … select … from generate_series) in batches, one transaction each; what
 * varies row by row is a pick, by modular arithmetic, among a few hundred
 * combinations (device, code, zone) drawn here. Same SQL on PGlite and PostgreSQL.
 */
const EVENTS_SEED_BATCH = 100_000;
const COMBINATIONS = 997;
const SPAN_SECONDS = 365 * 24 * 3600;

/** Codes the demo list lacks, so that every family (EVENT_KINDS) is present. */
const EXTRA_CODES = [
  { code: 'R130', description: 'Burglary Restore', weight: 6 },
  { code: 'R110', description: 'Fire Restore', weight: 1 },
  { code: 'E601', description: 'Manual Test Report', weight: 2 },
  { code: 'E999', description: 'Unknown Event', weight: 1 },
];

export interface EventsSeedOptions {
  events: number;
  /** The site; default: the first site of account group 9993 (dealer.beta's), else the first site. */
  siteNum?: number;
  log?: (msg: string) => void;
}

/** Adds `events` events to one site; answers the site's number. */
export async function seedEvents(db: Db, options: EventsSeedOptions): Promise<number> {
  const total = options.events;
  if (!Number.isInteger(total) || total < 0) throw new Error(`events must be a whole number, 0 or more (got ${total})`);
  const log = options.log ?? (() => undefined);
  const started = Date.now();

  const site =
    options.siteNum !== undefined
      ? await db.selectFrom('sites').select(['site_num', 'site_group_num']).where('site_num', '=', options.siteNum).executeTakeFirst()
      : ((await db
          .selectFrom('sites')
          .select(['site_num', 'site_group_num'])
          .where('site_group_num', '=', 9993)
          .orderBy('site_num')
          .limit(1)
          .executeTakeFirst()) ??
        (await db.selectFrom('sites').select(['site_num', 'site_group_num']).orderBy('site_num').limit(1).executeTakeFirst()));
  if (!site)
    throw new Error(options.siteNum !== undefined ? `no site ${options.siteNum}` : 'no site to add events to: seed the demo first');
  const devices = await db
    .selectFrom('devices')
    .select(['dev_num', 'transmitter_code'])
    .where('site_num', '=', site.site_num)
    .orderBy('dev_num')
    .execute();
  if (!devices.length) throw new Error(`site ${site.site_num} has no device`);
  const zones = await db
    .selectFrom('zones')
    .select(['dev_num', 'zone_num', 'event_type'])
    .where(
      'dev_num',
      'in',
      devices.map((d) => d.dev_num),
    )
    .execute();

  // The combinations rows pick from: a device, a weighted code, a zone of the code's type on that device.
  const rng = mulberry32(site.site_num);
  const codes = [...EVENT_CODES, ...EXTRA_CODES];
  const combos = Array.from({ length: COMBINATIONS }, () => {
    const device = pick(rng, devices);
    const code = weightedPick(rng, codes, (c) => c.weight);
    const type = 'zoneType' in code ? code.zoneType : undefined;
    const matching = zones.filter((z) => z.dev_num === device.dev_num && (type ? z.event_type === type : false));
    const anyZone = zones.filter((z) => z.dev_num === device.dev_num);
    // Zone events name their zone; restores of a zone name one too; panel events none.
    const zone = matching.length ? pick(rng, matching) : code.code === 'R130' && anyZone.length ? pick(rng, anyZone) : undefined;
    return {
      dev: device.dev_num,
      xmit: device.transmitter_code,
      code: code.code,
      description: code.description,
      zone: zone?.zone_num ?? null,
    };
  });

  const step = SPAN_SECONDS / Math.max(1, total);
  const begin = new Date(Math.floor(Date.now() / 1000) * 1000 - SPAN_SECONDS * 1000);
  for (let from = 1; from <= total; from += EVENTS_SEED_BATCH) {
    const to = Math.min(total, from + EVENTS_SEED_BATCH - 1);
    await sql`
      with p as (select
        ${combos.map((c) => c.dev)}::int[] as devs,
        ${combos.map((c) => c.xmit)}::text[] as xmits,
        ${combos.map((c) => c.code)}::text[] as codes,
        ${combos.map((c) => c.description)}::text[] as descriptions,
        ${combos.map((c) => c.zone)}::int[] as zones)
      insert into alarm_events (site_num, dev_num, site_group_num, transmitter_code, zone_num, event_code,
        event_code_description, alarm_date, received_at)
      select ${site.site_num}::int, p.devs[k.i], ${site.site_group_num}::int, p.xmits[k.i], p.zones[k.i], p.codes[k.i],
        p.descriptions[k.i], t.ts, t.ts + (1 + g % 20) * interval '1 second'
      from p, generate_series(${from}::int, ${to}::int) as g,
        lateral (select 1 + (g::bigint * 7919) % ${COMBINATIONS} as i) k,
        lateral (select ${begin}::timestamptz + (floor(g * ${step}::float8) * interval '1 second') as ts) t
      order by g`.execute(db);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    log(`events ${to}/${total} (${Math.floor((to / total) * 100)}%) ${seconds} s`);
  }
  await sql`analyze alarm_events`.execute(db);
  log(`events seed: ${total} events added to site ${site.site_num} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return site.site_num;
}
