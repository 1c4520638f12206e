import { sql } from 'kysely';
import type { Holiday } from '../../../schemas/schedules.js';
import type { Db } from '../db/database.js';
import { nullableClock, siteRows } from './accountSite.js';

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

export type HolidayValues = { date: string; name: string; opensAt: string | null; closesAt: string | null };

const toColumns = (values: HolidayValues) => ({
  date: values.date,
  name: values.name,
  opens_at: values.opensAt,
  closes_at: values.closesAt,
});

/** An account's holidays, by date: closed all day, or open at special times. */
export function holidaysRepository(db: Db) {
  return siteRows(db, {
    table: 'schedule_holidays',
    idColumn: 'holiday_id',
    columns: holidayColumns,
    order: ['schedule_holidays.date', 'schedule_holidays.holiday_id'],
    toColumns,
    record: holidayOf,
  });
}
