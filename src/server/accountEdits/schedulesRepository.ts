import type { Schedule } from '../../../schemas/schedules.js';
import type { Db } from '../db/database.js';
import { clock, siteRows } from './accountSite.js';

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

export type ScheduleValues = { name: string; dayOfWeek: number; opensAt: string; closesAt: string };

const toColumns = (values: ScheduleValues) => ({
  name: values.name,
  day_of_week: values.dayOfWeek,
  opens_at: values.opensAt,
  closes_at: values.closesAt,
});

/** An account's weekly open/close windows, by day and opening time. */
export function schedulesRepository(db: Db) {
  return siteRows(db, {
    table: 'schedules',
    idColumn: 'schedule_id',
    columns: scheduleColumns,
    order: ['schedules.day_of_week', 'schedules.opens_at', 'schedules.schedule_id'],
    toColumns,
    record: scheduleOf,
  });
}
