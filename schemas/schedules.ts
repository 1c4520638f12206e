import type { FromSchema } from 'json-schema-to-ts';
import { closedSchema, idsFilter, INT4_MAX, int4Range, notBlank, siteRowsFilterSchema } from './shared.js';
import type { UiHints } from './uiHints.js';

/**
 * Open/close schedules (editing the account): weekly windows (`schedules`) and holidays
 * (`holidays`), each a simple-rest resource filtered by `{"siteNum":N}`. Times are 'HH:MM' in the
 * premises' time zone; a window whose close is earlier than its open runs overnight. Rules
 * (close not equal to open, no overlapping windows, one holiday per date, special times both or
 * neither): src/common/scheduleRules.ts.
 */

const SCHEDULE_NAME_MAX = 40;
/** 'HH:MM', 00:00 to 23:59. */
const CLOCK_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
const clock = { type: 'string', pattern: CLOCK_PATTERN, errorMessage: { pattern: 'accountEdits.schedules.timeFormat' } } as const;
const nullableClock = { ...clock, type: ['string', 'null'] } as const;
const siteNum = { type: 'integer', minimum: 1, maximum: INT4_MAX } as const;

const scheduleFields = {
  name: { type: 'string', minLength: 1, maxLength: SCHEDULE_NAME_MAX, ...notBlank },
  /** 0 = Sunday … 6 = Saturday. */
  dayOfWeek: { type: 'integer', minimum: 0, maximum: 6 },
  opensAt: clock,
  closesAt: clock,
} as const;

export const scheduleInputSchema = closedSchema('ScheduleInput', ['name', 'dayOfWeek', 'opensAt', 'closesAt'], {
  siteNum,
  ...scheduleFields,
  id: { type: 'integer', readOnly: true, ...int4Range },
  scheduleId: { type: 'integer', readOnly: true, ...int4Range },
});
export type ScheduleInput = FromSchema<typeof scheduleInputSchema>;

export const scheduleSchema = closedSchema('Schedule', {
  id: { type: 'integer', ...int4Range },
  scheduleId: { type: 'integer', ...int4Range },
  siteNum,
  name: { type: 'string' },
  dayOfWeek: { type: 'integer', minimum: 0, maximum: 6 },
  opensAt: { type: 'string' },
  closesAt: { type: 'string' },
});
export type Schedule = FromSchema<typeof scheduleSchema>;

/** `filter` of GET /api/schedules: one account's windows, or windows by id (getMany). */
export const scheduleFilterSchema = siteRowsFilterSchema('ScheduleFilter', { siteNum, id: idsFilter });
export type ScheduleFilter = FromSchema<typeof scheduleFilterSchema>;

const holidayFields = {
  /** 'YYYY-MM-DD', the premises' calendar day. */
  date: { type: 'string', format: 'date', errorMessage: { format: 'accountEdits.holidays.dateFormat' } },
  name: { type: 'string', minLength: 1, maxLength: SCHEDULE_NAME_MAX, ...notBlank },
  /** Both null: closed all day; both set: open at these special times. */
  opensAt: nullableClock,
  closesAt: nullableClock,
} as const;

export const holidayInputSchema = closedSchema('HolidayInput', ['date', 'name'], {
  siteNum,
  ...holidayFields,
  id: { type: 'integer', readOnly: true, ...int4Range },
  holidayId: { type: 'integer', readOnly: true, ...int4Range },
  closedAllDay: { type: 'boolean', readOnly: true },
});
export type HolidayInput = FromSchema<typeof holidayInputSchema>;

export const holidaySchema = closedSchema('Holiday', {
  id: { type: 'integer', ...int4Range },
  holidayId: { type: 'integer', ...int4Range },
  siteNum,
  date: { type: 'string', format: 'date' },
  name: { type: 'string' },
  opensAt: { type: ['string', 'null'] },
  closesAt: { type: ['string', 'null'] },
  closedAllDay: { type: 'boolean' },
});
export type Holiday = FromSchema<typeof holidaySchema>;

/** `filter` of GET /api/holidays: one account's holidays, or holidays by id (getMany). */
export const holidayFilterSchema = siteRowsFilterSchema('HolidayFilter', { siteNum, id: idsFilter });
export type HolidayFilter = FromSchema<typeof holidayFilterSchema>;

const scheduleLabel = (field: keyof typeof scheduleFields) => `accountEdits.schedules.fields.${field}`;

/** The window's form (uiHints.ts): a close earlier than the open says it runs overnight. */
export const schedulesUi = {
  order: ['dayOfWeek', 'name', 'opensAt', 'closesAt'],
  hidden: ['siteNum'],
  fields: {
    dayOfWeek: { widget: 'dayOfWeek', label: scheduleLabel('dayOfWeek') },
    name: { label: scheduleLabel('name') },
    opensAt: { widget: 'timeOfDay', row: 'times', label: scheduleLabel('opensAt') },
    closesAt: {
      widget: 'timeOfDay',
      row: 'times',
      label: scheduleLabel('closesAt'),
      options: { opens: 'opensAt', overnightText: 'accountEdits.schedules.overnight' },
    },
  },
} as const satisfies UiHints<keyof typeof scheduleFields | 'siteNum'>;

const holidayLabel = (field: keyof typeof holidayFields) => `accountEdits.holidays.fields.${field}`;

/**
 * The holiday's form (uiHints.ts): its special times are the form's own `specialHours` (closed
 * all day, or open at these times).
 */
export const holidaysUi = {
  order: ['date', 'name', 'opensAt', 'closesAt'],
  hidden: ['siteNum'],
  fields: {
    date: { widget: 'date', label: holidayLabel('date') },
    name: { label: holidayLabel('name') },
    opensAt: { widget: 'specialHours', row: 'times', label: holidayLabel('opensAt') },
    closesAt: { widget: 'specialHours', row: 'times', label: holidayLabel('closesAt') },
  },
} as const satisfies UiHints<keyof typeof holidayFields | 'siteNum'>;
