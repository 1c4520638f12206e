import { sql, type Selectable } from 'kysely';
import type {
  ANS_MESSAGE_SORT_FIELDS,
  AnsMessage,
  AnsMessageFilter,
  AnsMessageStatus,
  AutoNotifyInput,
  AutoNotifyRule,
  BusinessHours,
  HoursException,
  HoursExceptionInput,
  OnCallEntry,
  OnCallInput,
} from '../../../schemas/ansService.js';
import { isOfficeOpen } from '../../common/ansService.js';
import type { Db } from '../db/database.js';
import type { AnsAutoNotifyTable, AnsOnCallTable, AnsWeekDayRow } from '../db/schema.js';
import type { ScopeUser } from '../db/siteScope.js';

type AnsMessageSortField = (typeof ANS_MESSAGE_SORT_FIELDS)[number];

const SORT_COLUMNS = {
  takenAt: 'ans_messages.taken_at',
  callerName: 'ans_messages.caller_name',
  kind: 'ans_messages.kind',
  status: 'ans_messages.status',
} as const;

/** The week a group starts with before it sets its own: Monday to Friday, 08:00 to 17:00. */
const DEFAULT_WEEK: AnsWeekDayRow[] = Array.from({ length: 7 }, (_, dayOfWeek) => ({
  dayOfWeek,
  open: dayOfWeek >= 1 && dayOfWeek <= 5,
  opensAt: '08:00',
  closesAt: '17:00',
}));
const DEFAULT_TIME_ZONE = 'America/Chicago';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** Escapes LIKE wildcards of user text. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function toOnCall(row: Selectable<AnsOnCallTable>): OnCallEntry {
  return {
    id: row.entry_id,
    personName: row.person_name,
    contactMethods: row.contact_methods,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    weekly: row.weekly,
    notes: row.notes,
    updatedAt: iso(row.updated_at),
  };
}

/**
 * The answering service's tables, each query within one account group: the user's
 * selected group (users.current_site_group_num), provided it is still one of their groups
 * (`groupOf`, as siteScope.ts reads it). A record of another group answers as a missing one.
 */
export function ansServiceRepository(db: Db) {
  async function siteNamesOf(group: number, siteNums: readonly number[]): Promise<Map<number, string>> {
    if (!siteNums.length) return new Map();
    const rows = await db
      .selectFrom('sites')
      .select(['site_num', 'site_name'])
      .where('site_group_num', '=', group)
      .where('site_num', 'in', [...siteNums])
      .execute();
    return new Map(rows.map((r) => [r.site_num, r.site_name]));
  }

  async function toRules(group: number, rows: Selectable<AnsAutoNotifyTable>[]): Promise<AutoNotifyRule[]> {
    const names = await siteNamesOf(group, [...new Set(rows.flatMap((r) => r.site_nums))]);
    return rows.map((row) => ({
      id: row.rule_id,
      name: row.name,
      kind: row.kind,
      siteNums: row.site_nums,
      siteNames: row.site_nums.map((n) => names.get(n) ?? String(n)),
      personName: row.person_name,
      channel: row.channel,
      destination: row.destination,
      active: row.active,
      lastTestAt: isoOrNull(row.last_test_at),
    }));
  }

  function messagesQuery(group: number, filter: AnsMessageFilter) {
    let query = db
      .selectFrom('ans_messages')
      .leftJoin('sites', 'sites.site_num', 'ans_messages.site_num')
      .leftJoin('users', 'users.user_id', 'ans_messages.handled_by')
      .where('ans_messages.site_group_num', '=', group);
    if (filter.status) query = query.where('ans_messages.status', '=', filter.status);
    if (filter.kind) query = query.where('ans_messages.kind', '=', filter.kind);
    if (filter.from) query = query.where('ans_messages.taken_at', '>=', new Date(filter.from));
    if (filter.to) query = query.where('ans_messages.taken_at', '<', new Date(filter.to));
    if (filter.id) query = query.where('ans_messages.message_id', 'in', filter.id.length ? filter.id : [0]);
    const q = filter.q?.trim();
    if (q) {
      const pattern = likePattern(q);
      query = query.where((eb) =>
        eb.or([
          eb('ans_messages.caller_name', 'ilike', pattern),
          eb('ans_messages.caller_number', 'ilike', pattern),
          eb('ans_messages.body', 'ilike', pattern),
          eb('sites.site_name', 'ilike', pattern),
          eb(sql<string>`ans_messages.site_num::text`, '=', q),
        ]),
      );
    }
    return query;
  }

  const messageColumns = [
    'ans_messages.message_id',
    'ans_messages.site_num',
    'sites.site_name',
    'ans_messages.caller_name',
    'ans_messages.caller_number',
    'ans_messages.kind',
    'ans_messages.body',
    'ans_messages.taken_at',
    'ans_messages.delivered_to',
    'ans_messages.status',
    'ans_messages.handled_at',
    'users.name as handled_by_name',
  ] as const;

  type MessageRow = {
    message_id: number;
    site_num: number | null;
    site_name: string | null;
    caller_name: string;
    caller_number: string;
    kind: AnsMessage['kind'];
    body: string;
    taken_at: Date | string;
    delivered_to: string | null;
    status: AnsMessageStatus;
    handled_at: Date | string | null;
    handled_by_name: string | null;
  };

  const toMessage = (row: MessageRow): AnsMessage => ({
    id: row.message_id,
    siteNum: row.site_num,
    siteName: row.site_name,
    callerName: row.caller_name,
    callerNumber: row.caller_number,
    kind: row.kind,
    text: row.body,
    takenAt: iso(row.taken_at),
    deliveredTo: row.delivered_to,
    status: row.status,
    handledAt: isoOrNull(row.handled_at),
    handledBy: row.handled_by_name,
  });

  const exceptionColumns = [
    'exception_id',
    'name',
    sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date'),
    sql<string>`to_char(end_date, 'YYYY-MM-DD')`.as('end_date'),
    'closed',
    'opens_at',
    'closes_at',
  ] as const;
  const toException = (row: {
    exception_id: number;
    name: string;
    date: string;
    end_date: string;
    closed: boolean;
    opens_at: string | null;
    closes_at: string | null;
  }): HoursException => ({
    id: row.exception_id,
    name: row.name,
    date: row.date,
    endDate: row.end_date,
    closed: row.closed,
    opensAt: row.opens_at,
    closesAt: row.closes_at,
  });

  const exceptionValues = (input: HoursExceptionInput) => ({
    name: input.name.trim(),
    date: input.date,
    end_date: input.endDate,
    closed: input.closed,
    opens_at: input.closed ? null : (input.opensAt ?? null),
    closes_at: input.closed ? null : (input.closesAt ?? null),
  });

  const onCallValues = (input: OnCallInput) => ({
    person_name: input.personName.trim(),
    contact_methods: JSON.stringify(input.contactMethods.map((m) => ({ type: m.type, value: m.value.trim() }))),
    starts_at: new Date(input.startsAt),
    ends_at: new Date(input.endsAt),
    weekly: input.weekly,
    notes: input.notes?.trim() ?? '',
    updated_at: new Date(),
  });

  const ruleValues = (input: AutoNotifyInput) => ({
    name: input.name.trim(),
    kind: input.kind,
    site_nums: input.siteNums,
    person_name: input.personName.trim(),
    channel: input.channel,
    destination: input.destination.trim(),
    active: input.active,
    updated_at: new Date(),
  });

  const repo = {
    /** The user's selected account group, if it is still one of theirs; null otherwise. */
    async groupOf(user: ScopeUser): Promise<number | null> {
      const group = user.current_site_group_num;
      if (group === null) return null;
      const member = await db
        .selectFrom('user_account_groups')
        .select('site_group_num')
        .where('user_id', '=', user.user_id)
        .where('site_group_num', '=', group)
        .executeTakeFirst();
      return member ? group : null;
    },

    // Messages

    async listMessages(
      group: number,
      filter: AnsMessageFilter,
      page: { sort?: { field: AnsMessageSortField; order: 'asc' | 'desc' }; offset: number; limit: number },
    ): Promise<{ rows: AnsMessage[]; total: number }> {
      const sort = page.sort ?? { field: 'takenAt', order: 'desc' };
      const [rows, total] = await Promise.all([
        messagesQuery(group, filter)
          .select(messageColumns)
          .orderBy(SORT_COLUMNS[sort.field], sort.order)
          .orderBy('ans_messages.message_id', sort.order)
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        messagesQuery(group, filter)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(toMessage), total: Number(total.n) };
    },

    /** Every message the filter keeps, newest first, in batches (the CSV export). */
    async *messageBatches(group: number, filter: AnsMessageFilter, batchSize = 500): AsyncGenerator<AnsMessage[]> {
      for (let offset = 0; ; offset += batchSize) {
        const rows = await messagesQuery(group, filter)
          .select(messageColumns)
          .orderBy('ans_messages.taken_at', 'desc')
          .orderBy('ans_messages.message_id', 'desc')
          .offset(offset)
          .limit(batchSize)
          .execute();
        if (rows.length) yield rows.map(toMessage);
        if (rows.length < batchSize) return;
      }
    },

    async getMessage(group: number, id: number): Promise<AnsMessage | undefined> {
      const row = await messagesQuery(group, { id: [id] })
        .select(messageColumns)
        .executeTakeFirst();
      return row ? toMessage(row) : undefined;
    },

    /** Sets a message's status; handled records who and when, another status clears them. */
    async setMessageStatus(group: number, id: number, status: AnsMessageStatus, userId: number): Promise<boolean> {
      const result = await db
        .updateTable('ans_messages')
        .set(status === 'handled' ? { status, handled_at: new Date(), handled_by: userId } : { status, handled_at: null, handled_by: null })
        .where('message_id', '=', id)
        .where('site_group_num', '=', group)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    // On call

    async listOnCall(group: number, filter: { q?: string; id?: number[] }): Promise<OnCallEntry[]> {
      let query = db.selectFrom('ans_on_call').selectAll().where('site_group_num', '=', group);
      if (filter.id) query = query.where('entry_id', 'in', filter.id.length ? filter.id : [0]);
      const q = filter.q?.trim();
      if (q) query = query.where('person_name', 'ilike', likePattern(q));
      const rows = await query.orderBy('starts_at').orderBy('entry_id').execute();
      return rows.map(toOnCall);
    },

    async getOnCall(group: number, id: number): Promise<OnCallEntry | undefined> {
      const row = await db
        .selectFrom('ans_on_call')
        .selectAll()
        .where('entry_id', '=', id)
        .where('site_group_num', '=', group)
        .executeTakeFirst();
      return row ? toOnCall(row) : undefined;
    },

    async createOnCall(group: number, input: OnCallInput): Promise<OnCallEntry> {
      const row = await db
        .insertInto('ans_on_call')
        .values({ site_group_num: group, ...onCallValues(input) })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toOnCall(row);
    },

    async updateOnCall(group: number, id: number, input: OnCallInput): Promise<OnCallEntry | undefined> {
      const row = await db
        .updateTable('ans_on_call')
        .set(onCallValues(input))
        .where('entry_id', '=', id)
        .where('site_group_num', '=', group)
        .returningAll()
        .executeTakeFirst();
      return row ? toOnCall(row) : undefined;
    },

    async removeOnCall(group: number, id: number): Promise<OnCallEntry | undefined> {
      const row = await db
        .deleteFrom('ans_on_call')
        .where('entry_id', '=', id)
        .where('site_group_num', '=', group)
        .returningAll()
        .executeTakeFirst();
      return row ? toOnCall(row) : undefined;
    },

    // Auto-notify

    /** Of these accounts, those not in the group (a rule may name only the group's own). */
    async foreignSites(group: number, siteNums: readonly number[]): Promise<number[]> {
      const names = await siteNamesOf(group, siteNums);
      return siteNums.filter((n) => !names.has(n));
    },

    async listRules(group: number, filter: { kind?: string; id?: number[] }): Promise<AutoNotifyRule[]> {
      let query = db.selectFrom('ans_auto_notify').selectAll().where('site_group_num', '=', group);
      if (filter.kind) query = query.where('kind', '=', filter.kind as AutoNotifyRule['kind']);
      if (filter.id) query = query.where('rule_id', 'in', filter.id.length ? filter.id : [0]);
      return toRules(group, await query.orderBy('name').orderBy('rule_id').execute());
    },

    async getRule(group: number, id: number): Promise<AutoNotifyRule | undefined> {
      const rows = await db
        .selectFrom('ans_auto_notify')
        .selectAll()
        .where('rule_id', '=', id)
        .where('site_group_num', '=', group)
        .execute();
      return (await toRules(group, rows))[0];
    },

    async createRule(group: number, input: AutoNotifyInput): Promise<AutoNotifyRule> {
      const row = await db
        .insertInto('ans_auto_notify')
        .values({ site_group_num: group, ...ruleValues(input) })
        .returningAll()
        .executeTakeFirstOrThrow();
      return (await toRules(group, [row]))[0];
    },

    async updateRule(group: number, id: number, input: AutoNotifyInput): Promise<AutoNotifyRule | undefined> {
      const rows = await db
        .updateTable('ans_auto_notify')
        .set(ruleValues(input))
        .where('rule_id', '=', id)
        .where('site_group_num', '=', group)
        .returningAll()
        .execute();
      return (await toRules(group, rows))[0];
    },

    async markRuleTested(group: number, id: number): Promise<void> {
      await db
        .updateTable('ans_auto_notify')
        .set({ last_test_at: new Date() })
        .where('rule_id', '=', id)
        .where('site_group_num', '=', group)
        .execute();
    },

    async removeRule(group: number, id: number): Promise<AutoNotifyRule | undefined> {
      const before = await repo.getRule(group, id);
      if (!before) return undefined;
      await db.deleteFrom('ans_auto_notify').where('rule_id', '=', id).where('site_group_num', '=', group).execute();
      return before;
    },

    // Business hours and exceptions

    async listExceptions(group: number, filter: { from?: string; id?: number[] }): Promise<HoursException[]> {
      let query = db.selectFrom('ans_hours_exceptions').select(exceptionColumns).where('site_group_num', '=', group);
      if (filter.from) query = query.where('end_date', '>=', filter.from);
      if (filter.id) query = query.where('exception_id', 'in', filter.id.length ? filter.id : [0]);
      const rows = await query.orderBy('date').orderBy('exception_id').execute();
      return rows.map(toException);
    },

    async getException(group: number, id: number): Promise<HoursException | undefined> {
      const row = await db
        .selectFrom('ans_hours_exceptions')
        .select(exceptionColumns)
        .where('exception_id', '=', id)
        .where('site_group_num', '=', group)
        .executeTakeFirst();
      return row ? toException(row) : undefined;
    },

    async createException(group: number, input: HoursExceptionInput): Promise<HoursException> {
      const { exception_id } = await db
        .insertInto('ans_hours_exceptions')
        .values({ site_group_num: group, ...exceptionValues(input) })
        .returning('exception_id')
        .executeTakeFirstOrThrow();
      return (await repo.getException(group, exception_id))!;
    },

    async updateException(group: number, id: number, input: HoursExceptionInput): Promise<HoursException | undefined> {
      const result = await db
        .updateTable('ans_hours_exceptions')
        .set(exceptionValues(input))
        .where('exception_id', '=', id)
        .where('site_group_num', '=', group)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0 ? repo.getException(group, id) : undefined;
    },

    async removeException(group: number, id: number): Promise<HoursException | undefined> {
      const before = await repo.getException(group, id);
      if (!before) return undefined;
      await db.deleteFrom('ans_hours_exceptions').where('exception_id', '=', id).where('site_group_num', '=', group).execute();
      return before;
    },

    /** The group's week and zone (the defaults until it sets its own), and whether the office is open `now`. */
    async businessHours(group: number, now = new Date()): Promise<BusinessHours> {
      const row = await db.selectFrom('ans_business_hours').selectAll().where('site_group_num', '=', group).executeTakeFirst();
      const days = row?.days ?? DEFAULT_WEEK;
      const timeZone = row?.time_zone ?? DEFAULT_TIME_ZONE;
      const exceptions = await repo.listExceptions(group, {});
      return {
        id: 'week',
        timeZone,
        days,
        openNow: isOfficeOpen(days, exceptions, timeZone, now),
        updatedAt: row ? iso(row.updated_at) : null,
      };
    },

    async saveBusinessHours(group: number, timeZone: string, days: AnsWeekDayRow[]): Promise<void> {
      const sorted = [...days].sort((a, b) => a.dayOfWeek - b.dayOfWeek);
      await db
        .insertInto('ans_business_hours')
        .values({ site_group_num: group, time_zone: timeZone, days: JSON.stringify(sorted), updated_at: new Date() })
        .onConflict((oc) =>
          oc.column('site_group_num').doUpdateSet({ time_zone: timeZone, days: JSON.stringify(sorted), updated_at: new Date() }),
        )
        .execute();
    },

    /** The group's time zone (the business hours'). */
    async timeZone(group: number): Promise<string> {
      const row = await db.selectFrom('ans_business_hours').select('time_zone').where('site_group_num', '=', group).executeTakeFirst();
      return row?.time_zone ?? DEFAULT_TIME_ZONE;
    },
  };
  return repo;
}
