import { sql } from 'kysely';
import type { SiteCreate, SiteCreated } from '../../../schemas/siteCreate.js';
import { normaliseTransmitter } from '../../common/transmitter.js';
import type { Db } from '../db/database.js';
import { isUsersGroup, selectedGroup, type ScopeUser } from '../db/siteScope.js';
import { emitWebhookEvent } from '../jobs/webhookEvents.js';

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
        return await db.transaction().execute(async (trx) => {
          // New accounts go to the user's selected group, while it is theirs.
          const siteGroupNum = await selectedGroup(trx, user);
          if (siteGroupNum === null) throw new NoAccountGroup();
          await sql`select pg_advisory_xact_lock(${NUMBER_LOCK})`.execute(trx);
          const taken = await owners(trx, user, codes);
          const clash = codes.findIndex((code) => taken.has(code));
          if (clash >= 0) throw new TransmitterClash(codes[clash], clash, taken.get(codes[clash])!);

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
          const siteNum = Number(next.site_num);
          const firstDev = Number(next.dev_num);
          const { account, address } = site;
          await trx
            .insertInto('sites')
            .values({
              site_num: siteNum,
              site_group_num: siteGroupNum,
              site_name: account.siteName,
              site_type: account.siteType,
              time_zone: account.timeZone,
              status: 'pending',
              country: address.country,
              address_line1: address.line1,
              address_line2: address.line2 || null,
              city: address.city,
              state: address.state,
              postal_code: address.postalCode,
              phone_number: address.phoneNumber || null,
              account_passcode_hash: null,
            })
            .execute();
          const devNums = site.devices.map((_, i) => firstDev + i);
          await trx
            .insertInto('devices')
            .values(
              site.devices.map((d, i) => ({
                dev_num: devNums[i],
                site_num: siteNum,
                transmitter_code: d.transmitterCode,
                panel_type: d.panelType || null,
                description: d.description || null,
              })),
            )
            .execute();
          if (site.zones.length) {
            await trx
              .insertInto('zones')
              .values(
                site.zones.map((z) => ({
                  dev_num: devNums[z.device],
                  zone_num: z.zoneNum,
                  description: z.description,
                  event_type: z.eventType,
                })),
              )
              .execute();
          }
          if (site.contacts.length) {
            await trx
              .insertInto('contacts')
              .values(
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
              )
              .execute();
          }
          if (site.passcodes.length) {
            await trx
              .insertInto('passcodes')
              .values(
                site.passcodes.map((p) => ({ site_num: siteNum, name: p.name, passcode: p.passcode, is_duress: p.isDuress ?? false })),
              )
              .execute();
          }
          if (address.phoneNumber) {
            await trx
              .insertInto('premise_phones')
              .values({ site_num: siteNum, label: premisePhoneLabel, phone_number: address.phoneNumber })
              .execute();
          }
          if (site.draftId !== undefined) {
            await trx.deleteFrom('site_drafts').where('draft_id', '=', site.draftId).where('user_id', '=', user.user_id).execute();
          }
          // Wizard and import alike: the group's webhooks hear of the new account with it.
          await emitWebhookEvent(trx, {
            siteGroupNum,
            siteNum,
            type: 'account.created',
            data: {
              siteNum,
              siteName: account.siteName,
              siteType: account.siteType,
              timeZone: account.timeZone,
              status: 'pending',
              transmitterCodes: site.devices.map((d) => d.transmitterCode),
            },
          });
          await within?.(trx, { siteNum, devNums, siteGroupNum });
          return { siteNum, devNums, siteGroupNum };
        });
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
  };
}
