import { sql, type Transaction } from 'kysely';
import type { Contact } from '../../../schemas/contacts.js';
import { ACCOUNT_CHANGE_CODE } from '../../../schemas/events.js';
import type { Passcode } from '../../../schemas/passcodes.js';
import type { Holiday, Schedule } from '../../../schemas/schedules.js';
import type { Zone } from '../../../schemas/zones.js';
import { maskPasscode, type StoredPasscode } from '../../common/passcodeRules.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { siteScope, type ScopeUser } from '../db/siteScope.js';

/** A site the user may reach: what every write of its details needs. */
export interface EditSite {
  siteNum: number;
  siteGroupNum: number;
}

/** A change for the account's history (alarm_events, kind 'change'); `zoneNum` for a zone's. */
export interface HistoryChange {
  description: string;
  devNum?: number;
  zoneNum?: number | null;
}

type Trx = Transaction<Database>;

const clock = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'HH24:MI')`;
const nullableClock = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'HH24:MI')`;

/**
 * Editing the account: the call list, zones, passcodes, schedules and holidays of
 * one site. The tenant scope is applied here: every query reaches its rows through a site
 * within siteScope(user), so another group's site, contact or passcode answers undefined, as a
 * missing one does. Writes run in a transaction with their history row (`change`).
 */
export function accountEditsRepository(db: Db) {
  /** The site within the user's scope. */
  async function site(user: ScopeUser, siteNum: number, trx: Db | Trx = db): Promise<EditSite | undefined> {
    const row = await trx
      .selectFrom('sites')
      .select(['site_num', 'site_group_num'])
      .where('sites.site_num', '=', siteNum)
      .where(siteScope(user))
      .executeTakeFirst();
    return row && { siteNum: row.site_num, siteGroupNum: row.site_group_num };
  }

  /** The history row of a change: on the device named, else the site's first device; none when the site has no device. */
  async function change(trx: Trx, target: EditSite, entry: HistoryChange): Promise<void> {
    let device = trx.selectFrom('devices').select(['dev_num', 'transmitter_code']).where('site_num', '=', target.siteNum);
    if (entry.devNum !== undefined) device = device.where('dev_num', '=', entry.devNum);
    const dev = await device.orderBy('dev_num').limit(1).executeTakeFirst();
    if (!dev) return;
    await trx
      .insertInto('alarm_events')
      .values({
        site_num: target.siteNum,
        dev_num: dev.dev_num,
        site_group_num: target.siteGroupNum,
        transmitter_code: dev.transmitter_code,
        zone_num: entry.zoneNum ?? null,
        event_code: ACCOUNT_CHANGE_CODE,
        event_code_description: entry.description,
        alarm_date: new Date(),
      })
      .execute();
  }

  function contactRecord(row: {
    contact_id: number;
    site_num: number;
    position: number;
    name: string;
    relation: string | null;
    phone_number: string | null;
    email: string | null;
    has_key: boolean;
    verifies: boolean;
    passcode: string | null;
  }): Contact {
    return {
      id: row.contact_id,
      contactId: row.contact_id,
      siteNum: row.site_num,
      position: row.position,
      name: row.name,
      relation: row.relation,
      phoneNumber: row.phone_number,
      email: row.email,
      hasKey: row.has_key,
      verifies: row.verifies,
      passcodeMasked: row.passcode ? maskPasscode(row.passcode) : null,
    };
  }

  const contactColumns = [
    'contacts.contact_id',
    'contacts.site_num',
    'contacts.position',
    'contacts.name',
    'contacts.relation',
    'contacts.phone_number',
    'contacts.email',
    'contacts.has_key',
    'contacts.verifies',
    'contacts.passcode',
  ] as const;

  async function contactRows(trx: Db | Trx, siteNum: number) {
    return trx
      .selectFrom('contacts')
      .select(contactColumns)
      .where('site_num', '=', siteNum)
      .orderBy('position')
      .orderBy('contact_id')
      .execute();
  }

  const passcodeOf = (row: { passcode_id: number; site_num: number; name: string; passcode: string; is_duress: boolean }): Passcode => ({
    id: row.passcode_id,
    passcodeId: row.passcode_id,
    siteNum: row.site_num,
    name: row.name,
    masked: maskPasscode(row.passcode),
    isDuress: row.is_duress,
  });

  const scheduleColumns = [
    'schedules.schedule_id',
    'schedules.site_num',
    'schedules.name',
    'schedules.day_of_week',
    clock('schedules.opens_at').as('opens'),
    clock('schedules.closes_at').as('closes'),
  ] as const;
  const scheduleOf = (r: {
    schedule_id: number;
    site_num: number;
    name: string;
    day_of_week: number;
    opens: string;
    closes: string;
  }): Schedule => ({
    id: r.schedule_id,
    scheduleId: r.schedule_id,
    siteNum: r.site_num,
    name: r.name,
    dayOfWeek: r.day_of_week,
    opensAt: r.opens,
    closesAt: r.closes,
  });

  const holidayColumns = [
    'schedule_holidays.holiday_id',
    'schedule_holidays.site_num',
    'schedule_holidays.name',
    sql<string>`to_char(schedule_holidays.date, 'YYYY-MM-DD')`.as('day'),
    nullableClock('schedule_holidays.opens_at').as('opens'),
    nullableClock('schedule_holidays.closes_at').as('closes'),
  ] as const;
  const holidayOf = (r: {
    holiday_id: number;
    site_num: number;
    name: string;
    day: string;
    opens: string | null;
    closes: string | null;
  }): Holiday => ({
    id: r.holiday_id,
    holidayId: r.holiday_id,
    siteNum: r.site_num,
    date: r.day,
    name: r.name,
    opensAt: r.opens,
    closesAt: r.closes,
    closedAllDay: r.opens === null,
  });

  /** The site of a row reached through its site_num, within the scope. */
  async function siteOfRow(
    user: ScopeUser,
    table: 'contacts' | 'passcodes' | 'schedules' | 'schedule_holidays',
    idColumn: string,
    id: number,
  ) {
    const row = await db
      .selectFrom(table)
      .innerJoin('sites', 'sites.site_num', `${table}.site_num`)
      .select(['sites.site_num', 'sites.site_group_num'])
      .where(sql.ref(`${table}.${idColumn}`), '=', id)
      .where(siteScope(user))
      .executeTakeFirst();
    return row && { siteNum: row.site_num, siteGroupNum: row.site_group_num };
  }

  return {
    site,

    contacts: {
      async list(siteNum: number): Promise<Contact[]> {
        return (await contactRows(db, siteNum)).map(contactRecord);
      },
      /** The contact and its site; undefined when out of scope or missing. The clear passcode stays inside the server. */
      async get(user: ScopeUser, contactId: number) {
        const target = await siteOfRow(user, 'contacts', 'contact_id', contactId);
        if (!target) return undefined;
        const row = await db.selectFrom('contacts').select(contactColumns).where('contact_id', '=', contactId).executeTakeFirstOrThrow();
        return { site: target, contact: contactRecord(row), passcode: row.passcode };
      },
      async count(siteNum: number): Promise<number> {
        const row = await db
          .selectFrom('contacts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('site_num', '=', siteNum)
          .executeTakeFirst();
        return Number(row?.n ?? 0);
      },
      async create(
        target: EditSite,
        values: {
          name: string;
          relation: string | null;
          phoneNumber: string;
          email: string | null;
          hasKey: boolean;
          verifies: boolean;
          passcode: string | null;
        },
        history: HistoryChange,
      ): Promise<Contact> {
        return db.transaction().execute(async (trx) => {
          const last = await trx
            .selectFrom('contacts')
            .select((eb) => eb.fn.max('position').as('p'))
            .where('site_num', '=', target.siteNum)
            .executeTakeFirst();
          const row = await trx
            .insertInto('contacts')
            .values({
              site_num: target.siteNum,
              position: Number(last?.p ?? 0) + 1,
              name: values.name,
              relation: values.relation,
              phone_number: values.phoneNumber,
              email: values.email,
              has_key: values.hasKey,
              verifies: values.verifies,
              passcode: values.passcode,
            })
            .returning(contactColumns.map((c) => c.replace('contacts.', '')) as never)
            .executeTakeFirstOrThrow();
          await change(trx, target, history);
          return contactRecord(row as never);
        });
      },
      async update(
        target: EditSite,
        contactId: number,
        values: Partial<{
          name: string;
          relation: string | null;
          phone_number: string;
          email: string | null;
          has_key: boolean;
          verifies: boolean;
          passcode: string | null;
        }>,
        history: HistoryChange | undefined,
      ): Promise<Contact> {
        return db.transaction().execute(async (trx) => {
          await trx.updateTable('contacts').set(values).where('contact_id', '=', contactId).execute();
          if (history) await change(trx, target, history);
          const row = await trx.selectFrom('contacts').select(contactColumns).where('contact_id', '=', contactId).executeTakeFirstOrThrow();
          return contactRecord(row);
        });
      },
      /** Deletes the contact and closes the gap in the calling order. */
      async delete(target: EditSite, contactId: number, history: HistoryChange): Promise<void> {
        await db.transaction().execute(async (trx) => {
          await trx.deleteFrom('contacts').where('contact_id', '=', contactId).execute();
          const rest = await contactRows(trx, target.siteNum);
          await renumber(
            trx,
            rest.map((r) => r.contact_id),
          );
          await change(trx, target, history);
        });
      },
      async ids(siteNum: number): Promise<number[]> {
        return (await contactRows(db, siteNum)).map((r) => r.contact_id);
      },
      async reorder(target: EditSite, contactIds: readonly number[], history: HistoryChange): Promise<Contact[]> {
        return db.transaction().execute(async (trx) => {
          await renumber(trx, contactIds);
          await change(trx, target, history);
          return (await contactRows(trx, target.siteNum)).map(contactRecord);
        });
      },
    },

    zones: {
      async list(siteNum: number, devNum?: number): Promise<Zone[]> {
        let query = db
          .selectFrom('zones')
          .innerJoin('devices', 'devices.dev_num', 'zones.dev_num')
          .select(['devices.site_num', 'zones.dev_num', 'zones.zone_num', 'zones.description', 'zones.event_type'])
          .where('devices.site_num', '=', siteNum);
        if (devNum !== undefined) query = query.where('zones.dev_num', '=', devNum);
        const rows = await query.orderBy('zones.dev_num').orderBy('zones.zone_num').execute();
        return rows.map((r) => ({
          id: `${r.dev_num}-${r.zone_num}`,
          siteNum: r.site_num,
          devNum: r.dev_num,
          zoneNum: r.zone_num,
          description: r.description,
          eventType: r.event_type,
        }));
      },
      async get(user: ScopeUser, devNum: number, zoneNum: number): Promise<{ site: EditSite; zone: Zone } | undefined> {
        const row = await db
          .selectFrom('zones')
          .innerJoin('devices', 'devices.dev_num', 'zones.dev_num')
          .innerJoin('sites', 'sites.site_num', 'devices.site_num')
          .select(['sites.site_num', 'sites.site_group_num', 'zones.description', 'zones.event_type'])
          .where('zones.dev_num', '=', devNum)
          .where('zones.zone_num', '=', zoneNum)
          .where(siteScope(user))
          .executeTakeFirst();
        if (!row) return undefined;
        return {
          site: { siteNum: row.site_num, siteGroupNum: row.site_group_num },
          zone: {
            id: `${devNum}-${zoneNum}`,
            siteNum: row.site_num,
            devNum,
            zoneNum,
            description: row.description,
            eventType: row.event_type,
          },
        };
      },
      async update(
        target: EditSite,
        zone: Zone,
        values: { description: string; eventType: string },
        history: HistoryChange | undefined,
      ): Promise<Zone> {
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('zones')
            .set({ description: values.description, event_type: values.eventType })
            .where('dev_num', '=', zone.devNum)
            .where('zone_num', '=', zone.zoneNum)
            .execute();
          if (history) await change(trx, target, history);
        });
        return { ...zone, ...values };
      },
    },

    passcodes: {
      async list(siteNum: number): Promise<Passcode[]> {
        const rows = await db.selectFrom('passcodes').selectAll().where('site_num', '=', siteNum).orderBy('passcode_id').execute();
        return rows.map(passcodeOf);
      },
      /** Every passcode of the site in clear, for the rules (duplicates, one duress); never answered. */
      async stored(siteNum: number): Promise<StoredPasscode[]> {
        const rows = await db.selectFrom('passcodes').selectAll().where('site_num', '=', siteNum).execute();
        return rows.map((r) => ({ passcodeId: r.passcode_id, name: r.name, passcode: r.passcode, isDuress: r.is_duress }));
      },
      async siteOf(user: ScopeUser, passcodeId: number) {
        return siteOfRow(user, 'passcodes', 'passcode_id', passcodeId);
      },
      async create(
        target: EditSite,
        values: { name: string; passcode: string; isDuress: boolean },
        history: HistoryChange,
      ): Promise<Passcode> {
        return db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('passcodes')
            .values({ site_num: target.siteNum, name: values.name, passcode: values.passcode, is_duress: values.isDuress })
            .returningAll()
            .executeTakeFirstOrThrow();
          await change(trx, target, history);
          return passcodeOf(row);
        });
      },
      async update(
        target: EditSite,
        passcodeId: number,
        values: Partial<{ name: string; passcode: string; is_duress: boolean }>,
        history: HistoryChange | undefined,
      ): Promise<Passcode> {
        return db.transaction().execute(async (trx) => {
          const row = await trx
            .updateTable('passcodes')
            .set(values)
            .where('passcode_id', '=', passcodeId)
            .returningAll()
            .executeTakeFirstOrThrow();
          if (history) await change(trx, target, history);
          return passcodeOf(row);
        });
      },
      async delete(target: EditSite, passcodeId: number, history: HistoryChange): Promise<void> {
        await db.transaction().execute(async (trx) => {
          await trx.deleteFrom('passcodes').where('passcode_id', '=', passcodeId).execute();
          await change(trx, target, history);
        });
      },
    },

    schedules: {
      async list(siteNum: number): Promise<Schedule[]> {
        const rows = await db
          .selectFrom('schedules')
          .select(scheduleColumns)
          .where('site_num', '=', siteNum)
          .orderBy('day_of_week')
          .orderBy('opens_at')
          .orderBy('schedule_id')
          .execute();
        return rows.map(scheduleOf);
      },
      async siteOf(user: ScopeUser, scheduleId: number) {
        return siteOfRow(user, 'schedules', 'schedule_id', scheduleId);
      },
      async create(
        target: EditSite,
        values: { name: string; dayOfWeek: number; opensAt: string; closesAt: string },
        history: HistoryChange,
      ) {
        return db.transaction().execute(async (trx) => {
          const { schedule_id } = await trx
            .insertInto('schedules')
            .values({
              site_num: target.siteNum,
              name: values.name,
              day_of_week: values.dayOfWeek,
              opens_at: values.opensAt,
              closes_at: values.closesAt,
            })
            .returning('schedule_id')
            .executeTakeFirstOrThrow();
          await change(trx, target, history);
          return scheduleOf(
            await trx.selectFrom('schedules').select(scheduleColumns).where('schedule_id', '=', schedule_id).executeTakeFirstOrThrow(),
          );
        });
      },
      async update(
        target: EditSite,
        scheduleId: number,
        values: { name: string; dayOfWeek: number; opensAt: string; closesAt: string },
        history: HistoryChange | undefined,
      ) {
        return db.transaction().execute(async (trx) => {
          await trx
            .updateTable('schedules')
            .set({ name: values.name, day_of_week: values.dayOfWeek, opens_at: values.opensAt, closes_at: values.closesAt })
            .where('schedule_id', '=', scheduleId)
            .execute();
          if (history) await change(trx, target, history);
          return scheduleOf(
            await trx.selectFrom('schedules').select(scheduleColumns).where('schedule_id', '=', scheduleId).executeTakeFirstOrThrow(),
          );
        });
      },
      async delete(target: EditSite, scheduleId: number, history: HistoryChange): Promise<void> {
        await db.transaction().execute(async (trx) => {
          await trx.deleteFrom('schedules').where('schedule_id', '=', scheduleId).execute();
          await change(trx, target, history);
        });
      },
    },

    holidays: {
      async list(siteNum: number): Promise<Holiday[]> {
        const rows = await db
          .selectFrom('schedule_holidays')
          .select(holidayColumns)
          .where('site_num', '=', siteNum)
          .orderBy('date')
          .execute();
        return rows.map(holidayOf);
      },
      async siteOf(user: ScopeUser, holidayId: number) {
        return siteOfRow(user, 'schedule_holidays', 'holiday_id', holidayId);
      },
      async create(
        target: EditSite,
        values: { date: string; name: string; opensAt: string | null; closesAt: string | null },
        history: HistoryChange,
      ) {
        return db.transaction().execute(async (trx) => {
          const { holiday_id } = await trx
            .insertInto('schedule_holidays')
            .values({
              site_num: target.siteNum,
              date: values.date,
              name: values.name,
              opens_at: values.opensAt,
              closes_at: values.closesAt,
            })
            .returning('holiday_id')
            .executeTakeFirstOrThrow();
          await change(trx, target, history);
          return holidayOf(
            await trx.selectFrom('schedule_holidays').select(holidayColumns).where('holiday_id', '=', holiday_id).executeTakeFirstOrThrow(),
          );
        });
      },
      async update(
        target: EditSite,
        holidayId: number,
        values: { date: string; name: string; opensAt: string | null; closesAt: string | null },
        history: HistoryChange | undefined,
      ) {
        return db.transaction().execute(async (trx) => {
          await trx
            .updateTable('schedule_holidays')
            .set({ date: values.date, name: values.name, opens_at: values.opensAt, closes_at: values.closesAt })
            .where('holiday_id', '=', holidayId)
            .execute();
          if (history) await change(trx, target, history);
          return holidayOf(
            await trx.selectFrom('schedule_holidays').select(holidayColumns).where('holiday_id', '=', holidayId).executeTakeFirstOrThrow(),
          );
        });
      },
      async delete(target: EditSite, holidayId: number, history: HistoryChange): Promise<void> {
        await db.transaction().execute(async (trx) => {
          await trx.deleteFrom('schedule_holidays').where('holiday_id', '=', holidayId).execute();
          await change(trx, target, history);
        });
      },
    },
  };
}

/** Positions 1…n in the order given. */
async function renumber(trx: Trx, contactIds: readonly number[]): Promise<void> {
  if (!contactIds.length) return;
  await sql`
    update contacts set position = o.position
    from unnest(${sql.val([...contactIds])}::int[]) with ordinality as o(contact_id, position)
    where contacts.contact_id = o.contact_id
  `.execute(trx);
}
