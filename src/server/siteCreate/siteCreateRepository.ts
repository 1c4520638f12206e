import { sql, type Compilable, type Insertable } from 'kysely';
import type { SiteCreate, SiteCreated } from '../../../schemas/siteCreate.js';
import { normaliseTransmitter } from '../../common/transmitter.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { isUsersGroup, selectedGroup, type ScopeUser } from '../db/siteScope.js';
import { emitWebhookEvents } from '../jobs/webhookEvents.js';

/** Who holds a transmitter code: named only when the account is in one of the asking user's account groups. */
export type TransmitterOwner = { own: true; siteNum: number; siteName: string } | { own: false };

/** A transmitter of the new account is already on the platform (`index`: the device's position in the payload). */
export class TransmitterClash extends Error {
  constructor(
    readonly code: string,
    readonly index: number,
    readonly owner: TransmitterOwner,
  ) {
    super(`transmitter ${code} is taken`);
    this.name = 'TransmitterClash';
  }
}

/** The user has no account group selected (or no longer belongs to it): nowhere to create the account. */
export class NoAccountGroup extends Error {
  constructor() {
    super('no account group selected');
    this.name = 'NoAccountGroup';
  }
}

/**
 * One key for pg_advisory_xact_lock: every account creation takes it, so two
 * at once never pick the same site or device number (nor both pass the
 * transmitter check with one code; the unique index would refuse the second).
 */
const NUMBER_LOCK = 120_012;

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/**
 * Create New Account. Tenant scope: an account is created in the
 * user's selected account group, and only while the user belongs to it
 * (the same condition as siteScope); a transmitter held by another group's
 * account is reported without naming it.
 */
export function siteCreateRepository(db: Db) {
  /** The owners of codes already on the platform, by code. */
  async function owners(trx: Db, user: ScopeUser, codes: string[]): Promise<Map<string, TransmitterOwner>> {
    if (codes.length === 0) return new Map();
    const rows = await trx
      .selectFrom('devices')
      .innerJoin('sites', 'sites.site_num', 'devices.site_num')
      .select([
        'devices.transmitter_code',
        'sites.site_num',
        'sites.site_name',
        isUsersGroup('sites.site_group_num', user.user_id).as('own'),
      ])
      .where('devices.transmitter_code', 'in', codes)
      .execute();
    return new Map(
      rows.map((row) => [row.transmitter_code, row.own ? { own: true, siteNum: row.site_num, siteName: row.site_name } : { own: false }]),
    );
  }

  return {
    /** Who holds a transmitter code (any case), or undefined when it is free on the whole platform. */
    async transmitterOwner(user: ScopeUser, code: string): Promise<TransmitterOwner | undefined> {
      const normalised = normaliseTransmitter(code);
      return (await owners(db, user, [normalised])).get(normalised);
    },

    /**
     * Creates the account, its devices, zones, call list, passcodes and
     * premise phone in one transaction, status 'pending', in the user's
     * account group; deletes the user's draft `draftId` with it. `site` is
     * valid and normalised (src/common/siteCreateRules.ts). Throws
     * NoAccountGroup or TransmitterClash.
     */
    async create(
      user: ScopeUser,
      site: SiteCreate,
      premisePhoneLabel: string,
      /** More writes in the same transaction, after the account's (an import marks its row: the account and the mark, or neither). */
      within?: (trx: Db, created: SiteCreated & { siteGroupNum: number }) => Promise<void>,
    ): Promise<SiteCreated & { siteGroupNum: number }> {
      const codes = site.devices.map((d) => d.transmitterCode);
      try {
        const [outcome] = await createAll(user, [site], premisePhoneLabel, async (trx, outcomes) => {
          const [only] = outcomes;
          if ('clash' in only) throw only.clash;
          await within?.(trx, only);
        });
        if ('clash' in outcome) throw outcome.clash;
        return outcome;
      } catch (error) {
        // A writer that does not take the lock (another feature adding a device) got there first.
        if (isUniqueViolation(error)) {
          const taken = await owners(db, user, codes);
          const clash = codes.findIndex((code) => taken.has(code));
          if (clash >= 0) throw new TransmitterClash(codes[clash], clash, taken.get(codes[clash])!);
        }
        throw error;
      }
    },

    /**
     * Creates many accounts at once, each as `create` makes it, in one transaction with multi-row
     * inserts (an import's batch of rows). An account whose transmitter is already on the platform,
     * or on an earlier account of the same call, is not created: its outcome is the clash, in the
     * order given. `within` runs last in the transaction with every outcome. Throws NoAccountGroup;
     * a unique violation (a writer that does not take the lock) rolls the whole call back.
     */
    createMany: createAll,
  };

  async function createAll(
    user: ScopeUser,
    sites: SiteCreate[],
    premisePhoneLabel: string,
    within?: (trx: Db, outcomes: CreateOutcome[]) => Promise<void>,
  ): Promise<CreateOutcome[]> {
    return db.transaction().execute(async (trx) => {
      // New accounts go to the user's selected group, while it is theirs.
      const siteGroupNum = await selectedGroup(trx, user);
      if (siteGroupNum === null) throw new NoAccountGroup();
      await sql`select pg_advisory_xact_lock(${NUMBER_LOCK})`.execute(trx);
      const taken = await owners(trx, user, [...new Set(sites.flatMap((s) => s.devices.map((d) => d.transmitterCode)))]);

      const next = await trx
        .selectNoFrom((eb) => [
          eb
            .selectFrom('sites')
            .select(sql<number>`coalesce(max(site_num), 100000) + 1`.as('n'))
            .as('site_num'),
          eb
            .selectFrom('devices')
            .select(sql<number>`coalesce(max(dev_num), 0) + 1`.as('n'))
            .as('dev_num'),
        ])
        .executeTakeFirstOrThrow();
      let siteNum = Number(next.site_num);
      let devNum = Number(next.dev_num);
      const outcomes: CreateOutcome[] = [];
      const made: { site: SiteCreate; siteNum: number; devNums: number[] }[] = [];
      for (const site of sites) {
        const codes = site.devices.map((d) => d.transmitterCode);
        const clash = codes.findIndex((code) => taken.has(code));
        if (clash >= 0) {
          outcomes.push({ clash: new TransmitterClash(codes[clash], clash, taken.get(codes[clash])!) });
          continue;
        }
        const devNums = site.devices.map(() => devNum++);
        for (const code of codes) taken.set(code, { own: true, siteNum, siteName: site.account.siteName });
        made.push({ site, siteNum, devNums });
        outcomes.push({ siteNum, devNums, siteGroupNum });
        siteNum++;
      }

      // The account's rows in as few statements as the parameter limit lets (one for an import's
      // chunk): on PGlite each statement is a round trip into the database that other requests wait behind.
      await insertAll(trx, {
        sites: made.map(({ site: { account, address }, siteNum }) => ({
          site_num: siteNum,
          site_group_num: siteGroupNum,
          site_name: account.siteName,
          site_type: account.siteType,
          time_zone: account.timeZone,
          status: 'pending' as const,
          country: address.country,
          address_line1: address.line1,
          address_line2: address.line2 || null,
          city: address.city,
          state: address.state,
          postal_code: address.postalCode,
          phone_number: address.phoneNumber || null,
          account_passcode_hash: null,
        })),
        devices: made.flatMap(({ site, siteNum, devNums }) =>
          site.devices.map((d, i) => ({
            dev_num: devNums[i],
            site_num: siteNum,
            transmitter_code: d.transmitterCode,
            panel_type: d.panelType || null,
            description: d.description || null,
          })),
        ),
        zones: made.flatMap(({ site, devNums }) =>
          site.zones.map((z) => ({ dev_num: devNums[z.device], zone_num: z.zoneNum, description: z.description, event_type: z.eventType })),
        ),
        contacts: made.flatMap(({ site, siteNum }) =>
          site.contacts.map((c, i) => ({
            site_num: siteNum,
            position: i + 1,
            name: c.name,
            relation: c.relation || null,
            phone_number: c.phoneNumber || null,
            email: c.email || null,
            verifies: c.verifies ?? true,
            has_key: c.hasKey ?? false,
          })),
        ),
        passcodes: made.flatMap(({ site, siteNum }) =>
          site.passcodes.map((p) => ({ site_num: siteNum, name: p.name, passcode: p.passcode, is_duress: p.isDuress ?? false })),
        ),
        premise_phones: made
          .filter(({ site }) => site.address.phoneNumber)
          .map(({ site, siteNum }) => ({ site_num: siteNum, label: premisePhoneLabel, phone_number: site.address.phoneNumber! })),
      });
      const drafts = sites.map((s) => s.draftId).filter((id): id is number => id !== undefined);
      if (drafts.length) await trx.deleteFrom('site_drafts').where('draft_id', 'in', drafts).where('user_id', '=', user.user_id).execute();
      // Wizard and import alike: the group's webhooks hear of the new accounts with them.
      await emitWebhookEvents(
        trx,
        made.map(({ site: { account, devices }, siteNum }) => ({
          siteGroupNum,
          siteNum,
          type: 'account.created' as const,
          data: {
            siteNum,
            siteName: account.siteName,
            siteType: account.siteType,
            timeZone: account.timeZone,
            status: 'pending',
            transmitterCodes: devices.map((d) => d.transmitterCode),
          },
        })),
      );
      await within?.(trx, outcomes);
      return outcomes;
    });
  }
}

/** What createMany made of one account: its numbers, or the transmitter that stopped it. */
export type CreateOutcome = (SiteCreated & { siteGroupNum: number }) | { clash: TransmitterClash };

/** Bind parameters one statement may carry (PostgreSQL's protocol allows 65,535). */
const MAX_PARAMETERS = 30_000;

type AccountTable = 'sites' | 'devices' | 'zones' | 'contacts' | 'passcodes' | 'premise_phones';

/**
 * Multi-row inserts of each table's rows, in the order given (a row's parent first), as few
 * statements as the parameter limit lets: the inserts go together as the data-modifying CTEs of one
 * statement, a foreign key checked at its end like between statements, each table's statement
 * triggers fired once. A table whose rows need more than one insert has each in a statement of its
 * own (a statement's transition table holds one insert's rows).
 */
async function insertAll(trx: Db, tables: { [T in AccountTable]: Insertable<Database[T]>[] }): Promise<void> {
  const inserts: { query: Compilable; parameters: number; shared: boolean }[] = [];
  for (const [table, rows] of Object.entries(tables) as [AccountTable, Insertable<Database[AccountTable]>[]][]) {
    if (!rows.length) continue;
    const columns = Object.keys(rows[0]).length;
    const per = Math.max(1, Math.floor(MAX_PARAMETERS / columns));
    for (let i = 0; i < rows.length; i += per) {
      const part = rows.slice(i, i + per);
      inserts.push({ query: trx.insertInto(table).values(part as never), parameters: part.length * columns, shared: rows.length <= per });
    }
  }
  let statement: Compilable[] = [];
  let parameters = 0;
  const flush = async () => {
    if (statement.length === 1) await trx.executeQuery(statement[0].compile());
    else if (statement.length > 1) {
      const ctes = sql.join(
        statement.map((query, i) => sql`${sql.id(`insert_${i}`)} as (${query})`),
        sql`, `,
      );
      await sql`with ${ctes} select 1`.execute(trx);
    }
    statement = [];
    parameters = 0;
  };
  for (const insert of inserts) {
    if (!insert.shared || parameters + insert.parameters > MAX_PARAMETERS) await flush();
    statement.push(insert.query);
    parameters += insert.parameters;
    if (!insert.shared) await flush();
  }
  await flush();
}
