import type { Schedule } from '../../../schemas/schedules.js';
import type { Db } from '../db/database.js';
import { clock, siteRowWrites } from './accountSite.js';

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

type ScheduleValues = { name: string; dayOfWeek: number; opensAt: string; closesAt: string };

const toColumns = (values: ScheduleValues) => ({
  name: values.name,
  day_of_week: values.dayOfWeek,
  opens_at: values.opensAt,
  closes_at: values.closesAt,
});

/** An account's weekly open/close windows, by day and opening time. */
export function schedulesRepository(db: Db) {
  return {
    ...siteRowWrites(db, { table: 'schedules', idColumn: 'schedule_id', columns: scheduleColumns, toColumns, record: scheduleOf }),
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
  };
}
