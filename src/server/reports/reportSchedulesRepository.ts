import { sql, type Selectable } from 'kysely';
import type {
  REPORT_SCHEDULE_SORT_FIELDS,
  ReportFormat,
  ReportFrequency,
  ReportId,
  ReportSchedule,
  ReportScheduleFilter,
} from '../../../schemas/reports.js';
import { nextRunAt } from '../../common/reportSchedule.js';
import type { Db } from '../db/database.js';
import { iso, listPage } from '../db/listing.js';
import type { ReportSchedulesTable } from '../db/schema.js';
import type { ListQuery } from '../http/simpleRest.js';

export type ScheduleRow = Selectable<ReportSchedulesTable>;
type ScheduleSortField = (typeof REPORT_SCHEDULE_SORT_FIELDS)[number];

const SORT_COLUMNS = {
  name: 'name',
  nextRunAt: 'next_run_at',
  createdAt: 'created_at',
  id: 'schedule_id',
} as const satisfies Record<ScheduleSortField, keyof ReportSchedulesTable>;

export function toReportSchedule(row: ScheduleRow): ReportSchedule {
  return {
    id: row.schedule_id,
    name: row.name,
    reportId: row.report_id as ReportId,
    format: row.format,
    parameters: row.parameters as Record<string, unknown>,
    frequency: row.frequency,
    time: row.time_of_day,
    weekday: row.weekday,
    monthDay: row.month_day,
    timeZone: row.time_zone,
    recipients: row.recipients,
    active: row.active,
    nextRunAt: iso(row.next_run_at),
    lastRunAt: iso(row.last_run_at),
    createdAt: iso(row.created_at),
  };
}

/** What a schedule is made of (checked by the routes). */
export interface ScheduleValues {
  name: string;
  reportId: ReportId;
  format: ReportFormat;
  parameters: Record<string, unknown>;
  frequency: ReportFrequency;
  time: string;
  weekday: number | null;
  monthDay: number | null;
  timeZone: string;
  recipients: string[];
  active: boolean;
  language: string;
}

const columns = (v: ScheduleValues, now: Date) => ({
  name: v.name.trim(),
  report_id: v.reportId,
  format: v.format,
  parameters: JSON.stringify(v.parameters),
  frequency: v.frequency,
  time_of_day: v.time,
  weekday: v.frequency === 'weekly' ? v.weekday : null,
  month_day: v.frequency === 'monthly' ? v.monthDay : null,
  time_zone: v.timeZone,
  recipients: v.recipients.map((r) => r.trim().toLowerCase()),
  active: v.active,
  language: v.language,
  // Inactive: no next run. Active: the next occurrence from now.
  next_run_at: v.active ? nextRunAt({ ...v, weekday: v.weekday, monthDay: v.monthDay }, now) : null,
  updated_at: now,
});

/**
 * report_schedules: a user's scheduled reports. A user reads and
 * changes only their own (every query of the routes names user_id); the due
 * pass claims a schedule by moving its next_run_at forward only if it still
 * holds the value it read, so two processes never start one occurrence twice.
 */
export function reportSchedulesRepository(db: Db) {
  return {
    /** A page of the user's schedules: newest first unless the list asks for another order. */
    async list(
      userId: number,
      { filter, sort = { field: 'createdAt', order: 'desc' }, offset, limit }: ListQuery<ReportScheduleFilter, ScheduleSortField>,
    ) {
      let base = db.selectFrom('report_schedules').where('user_id', '=', userId);
      if (filter.id) base = base.where('schedule_id', 'in', filter.id.length ? filter.id : [0]);
      const page = base.selectAll().orderBy(SORT_COLUMNS[sort.field], sort.order).orderBy('schedule_id', sort.order);
      const { rows, total } = await listPage(page, base, { offset, limit });
      return { items: rows.map(toReportSchedule), total };
    },

    async get(userId: number, id: number): Promise<ScheduleRow | undefined> {
      return db.selectFrom('report_schedules').selectAll().where('schedule_id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },

    async create(userId: number, siteGroupNum: number, values: ScheduleValues, now = new Date()): Promise<ScheduleRow> {
      return db
        .insertInto('report_schedules')
        .values({ user_id: userId, site_group_num: siteGroupNum, ...columns(values, now) })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async update(userId: number, id: number, values: ScheduleValues, now = new Date()): Promise<ScheduleRow | undefined> {
      return db
        .updateTable('report_schedules')
        .set(columns(values, now))
        .where('schedule_id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
    },

    async remove(userId: number, id: number): Promise<ScheduleRow | undefined> {
      return db
        .deleteFrom('report_schedules')
        .where('schedule_id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
    },

    /** Active schedules whose next run is due at `now`. */
    async due(now: Date, limit = 100): Promise<ScheduleRow[]> {
      return db
        .selectFrom('report_schedules')
        .selectAll()
        .where('active', '=', true)
        .where('next_run_at', '<=', now)
        .orderBy('next_run_at')
        .limit(limit)
        .execute();
    },

    /**
     * Takes one due occurrence: next_run_at moves to the next occurrence after
     * `now` (a schedule missed while no server ran runs once, not once per
     * missed occurrence) only if it still holds `seen`. True: this pass runs it.
     */
    async claim(row: ScheduleRow, now: Date): Promise<boolean> {
      const next = nextRunAt(
        { frequency: row.frequency, time: row.time_of_day, weekday: row.weekday, monthDay: row.month_day, timeZone: row.time_zone },
        now,
      );
      const taken = await db
        .updateTable('report_schedules')
        .set({ next_run_at: next, last_run_at: now })
        .where('schedule_id', '=', row.schedule_id)
        .where('active', '=', true)
        .where(sql<boolean>`next_run_at = ${row.next_run_at}`)
        .returning('schedule_id')
        .executeTakeFirst();
      return taken !== undefined;
    },

    async byId(id: number): Promise<ScheduleRow | undefined> {
      return db.selectFrom('report_schedules').selectAll().where('schedule_id', '=', id).executeTakeFirst();
    },
  };
}
