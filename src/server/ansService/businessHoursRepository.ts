import { sql } from 'kysely';
import type { BusinessHours, HoursException, HoursExceptionFilter, HoursExceptionInput } from '../../../schemas/ansService.js';
import { isOfficeOpen } from '../../common/ansService.js';
import type { Db } from '../db/database.js';
import { iso, listPage } from '../db/listing.js';
import type { AnsWeekDayRow } from '../db/schema.js';
import type { ListQuery } from '../http/simpleRest.js';
import { groupRows } from './groupRows.js';

/** The week a group starts with before it sets its own: Monday to Friday, 08:00 to 17:00. */
const DEFAULT_WEEK: AnsWeekDayRow[] = Array.from({ length: 7 }, (_, dayOfWeek) => ({
  dayOfWeek,
  open: dayOfWeek >= 1 && dayOfWeek <= 5,
  opensAt: '08:00',
  closesAt: '17:00',
}));
const DEFAULT_TIME_ZONE = 'America/Chicago';

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

/**
 * An account group's business hours: the week (ans_business_hours, one row a group, the defaults
 * until it sets its own) and its dated exceptions (ans_hours_exceptions). Another group's
 * exception answers as a missing one.
 */
export function businessHoursRepository(db: Db) {
  const exceptions = groupRows(db, 'ans_hours_exceptions');
  const repo = {
    /** A page of the exceptions: by date, or by id when the list asks for it. */
    async listExceptions(group: number, { filter, sort, offset, limit }: ListQuery<HoursExceptionFilter, 'id'>) {
      let query = db.selectFrom('ans_hours_exceptions').where('site_group_num', '=', group);
      if (filter.from) query = query.where('end_date', '>=', filter.from);
      if (filter.id) query = query.where('exception_id', 'in', filter.id.length ? filter.id : [0]);
      const page = query.select(exceptionColumns);
      const ordered = sort ? page.orderBy('exception_id', sort.order) : page.orderBy('date').orderBy('exception_id');
      const { rows, total } = await listPage(ordered, query, { offset, limit });
      return { items: rows.map(toException), total };
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
      const { exception_id } = await exceptions.insert(group, exceptionValues(input));
      return (await repo.getException(group, exception_id))!;
    },

    async updateException(group: number, id: number, input: HoursExceptionInput): Promise<HoursException | undefined> {
      return (await exceptions.update(group, id, exceptionValues(input))) ? repo.getException(group, id) : undefined;
    },

    async removeException(group: number, id: number): Promise<HoursException | undefined> {
      const before = await repo.getException(group, id);
      if (before) await exceptions.remove(group, id);
      return before;
    },

    /** The group's week and zone (the defaults until it sets its own), and whether the office is open `now`. */
    async week(group: number, now = new Date()): Promise<BusinessHours> {
      const row = await db.selectFrom('ans_business_hours').selectAll().where('site_group_num', '=', group).executeTakeFirst();
      const days = row?.days ?? DEFAULT_WEEK;
      const timeZone = row?.time_zone ?? DEFAULT_TIME_ZONE;
      const exceptions = (
        await db
          .selectFrom('ans_hours_exceptions')
          .select(exceptionColumns)
          .where('site_group_num', '=', group)
          .orderBy('date')
          .orderBy('exception_id')
          .execute()
      ).map(toException);
      return {
        id: 'week',
        timeZone,
        days,
        openNow: isOfficeOpen(days, exceptions, timeZone, now),
        updatedAt: row ? iso(row.updated_at) : null,
      };
    },

    async saveWeek(group: number, timeZone: string, days: AnsWeekDayRow[]): Promise<void> {
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
