import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../src/server/db/database.js';
import { TestClient } from './client.js';
import { listen, startTestApp, type TestApp, type TestDatabase } from './harness.js';

/** A demo user a suite signs in as: a username or email, or support staff on the internal login. */
export type DemoUser = string | { username: string; internal: true };

export const SUPPORT_ADMIN: DemoUser = { username: 'support.admin', internal: true };
const SUPPORT_VIEWER: DemoUser = { username: 'support.viewer', internal: true };

/** One user of each kind: support staff who may edit and who may only look, a dealer, a customer. */
export const ONE_OF_EACH = {
  admin: SUPPORT_ADMIN,
  viewer: SUPPORT_VIEWER,
  dealer: 'dealer.beta',
  customer: 'customer@example.com',
} satisfies Record<string, DemoUser>;

/** A suite's demo app: the running app, its database and its base URL. */
export interface DemoApp extends TestApp {
  readonly origin: string;
}

/**
 * The demo app of one describe block (with `env` on top of DEMO=true), listening, started before
 * its first test and closed after its last, and a client signed in for each user named, in the
 * order named. The app and the clients are there once the block's beforeAll has run: use them in
 * tests and hooks, not while the block is being collected. Hooks the block adds after this call
 * run after the app has started.
 */
export function demoSuite<K extends string = never>(
  database: TestDatabase,
  users: Record<K, DemoUser> = {} as Record<K, DemoUser>,
  env: Record<string, string> = {},
): { t: DemoApp } & Record<K, TestClient> {
  let started: { app: TestApp; origin: string } | undefined;
  const running = () => {
    if (!started) throw new Error('the demo app starts in beforeAll: use it inside tests and hooks');
    return started;
  };
  const t: DemoApp = {
    get app() {
      return running().app.app;
    },
    get db() {
      return running().app.db;
    },
    get origin() {
      return running().origin;
    },
    close: async () => started?.app.close(),
  };
  const clients = Object.fromEntries(Object.keys(users).map((key) => [key, new TestClient('')])) as Record<K, TestClient>;

  beforeAll(async () => {
    const app = await startTestApp(database, { DEMO: 'true', ...env });
    started = { app, origin: '' }; // closed by afterAll even when listening fails
    started.origin = await listen(app);
    for (const [key, user] of Object.entries(users) as [K, DemoUser][]) {
      const client = clients[key];
      client.baseUrl = started.origin;
      await client.init();
      await (typeof user === 'string' ? client.signIn(user) : client.signIn(user.username, { internal: true }));
    }
  });
  afterAll(() => t.close());
  return { t, ...clients };
}

/** The audit entries of an action, oldest first: who (and who for them), on what, and the details. */
export function auditsOf(db: Db, action: string) {
  return db
    .selectFrom('audit_log')
    .select(['actor_user_id', 'impersonator_user_id', 'target_id', 'details'])
    .where('action', '=', action)
    .orderBy('audit_id')
    .execute();
}

/** A user's id by username. */
export async function userIdOf(db: Db, username: string): Promise<number> {
  return (await db.selectFrom('users').select('user_id').where('username', '=', username).executeTakeFirstOrThrow()).user_id;
}

/**
 * Pages the account search's GIN indexes still hold in their pending lists, merged by asking
 * (gin_clean_pending_list answers how many it merged): 0 when every entry was already merged.
 */
export async function pendingSearchPages(db: Db): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select coalesce(sum(gin_clean_pending_list(i.indexrelid)), 0) as n
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
    where i.indrelid = 'site_search'::regclass and a.amname = 'gin'`.execute(db);
  return Number(rows[0].n);
}

/** The `offset`-th device (by number) of an account group, with its site. */
export function deviceIn(db: Db, groupNum: number, offset = 0) {
  return db
    .selectFrom('devices')
    .innerJoin('sites', 'sites.site_num', 'devices.site_num')
    .select(['devices.dev_num', 'devices.transmitter_code', 'sites.site_num', 'sites.site_name'])
    .where('sites.site_group_num', '=', groupNum)
    .orderBy('devices.dev_num')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
}

/** RFC 4180 CSV, as a spreadsheet reads it: records of fields, quotes doubled inside quoted fields. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n') {
      endField();
      records.push(record);
      record = [];
    } else field += c;
  }
  if (field || record.length) {
    endField();
    records.push(record);
  }
  return records;
}
