import {
  REPORT_MAX_RECIPIENTS,
  type ReportFormat,
  type ReportFrequency,
  type ReportId,
  type ReportScheduleInput,
} from '../../../schemas/reports.js';
import type { UiHints } from '../../../schemas/uiHints.js';
import { cleanParameters, type ParamSchema } from './reportRules.js';

/**
 * The schedule form's model (reportSchedules): what a new schedule starts with,
 * the weekday and day of the month each frequency keeps, the recipients' rule, and the
 * form's layout for SchemaForm.
 */

/** What 'Schedule…' in the run form hands over. */
export interface SchedulePrefill {
  name: string;
  reportId: ReportId;
  format: ReportFormat;
  parameters: Record<string, unknown>;
}

/** The form's values: the schedule's input, the report not yet chosen on a blank form. */
export type ScheduleValues = Omit<ReportScheduleInput, 'reportId' | 'format'> & { reportId: ReportId | ''; format: ReportFormat | '' };

/** Weekly schedules start on Monday, monthly ones on the first. */
const DEFAULT_WEEKDAY = 1;
const DEFAULT_MONTH_DAY = 1;
const DEFAULT_TIME = '07:00';

/** A new schedule: the prefill (from the run form), weekly on Monday at 07:00 in the browser's zone, active. */
export function newSchedule(prefill: Partial<SchedulePrefill> | undefined, timeZone: string): ScheduleValues {
  return {
    name: prefill?.name ?? '',
    reportId: prefill?.reportId ?? '',
    format: prefill?.format ?? '',
    parameters: prefill?.parameters ?? {},
    frequency: 'weekly',
    time: DEFAULT_TIME,
    weekday: DEFAULT_WEEKDAY,
    monthDay: null,
    timeZone,
    recipients: [],
    active: true,
  };
}

/** The weekday and day of the month a frequency keeps: weekly has a weekday only, monthly a day only, daily neither. */
export function daysFor(
  frequency: ReportFrequency,
  current: { weekday?: number | null; monthDay?: number | null },
): { weekday: number | null; monthDay: number | null } {
  return {
    weekday: frequency === 'weekly' ? (current.weekday ?? DEFAULT_WEEKDAY) : null,
    monthDay: frequency === 'monthly' ? (current.monthDay ?? DEFAULT_MONTH_DAY) : null,
  };
}

/** Weekdays in the order a week is read (Monday first), as the API numbers them (0 Sunday). */
export const WEEKDAYS_FROM_MONDAY = [1, 2, 3, 4, 5, 6, 0] as const;

/** Days of a month a schedule may name: 1 to 28, then -1 for the last day. */
export const MONTH_DAYS: readonly number[] = [...Array.from({ length: 28 }, (_, i) => i + 1), -1];

/** Enough of an address to be worth sending to (the server checks the format too). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(text: string): boolean {
  return text.length <= 128 && EMAIL.test(text);
}

/** Splits what was typed or pasted into addresses: commas, semicolons, spaces and new lines separate them. */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);
}

/** The recipients after adding `typed`: new addresses at the end, none twice (case-insensitive), at most 10. */
export function addRecipients(current: readonly string[], typed: string): string[] {
  const next = [...current];
  for (const address of splitAddresses(typed)) {
    if (next.length >= REPORT_MAX_RECIPIENTS) break;
    if (!next.some((a) => a.toLowerCase() === address.toLowerCase())) next.push(address);
  }
  return next;
}

/** What is wrong with the recipients, as a message key and its arguments; undefined when nothing. */
export function recipientsProblem(recipients: readonly string[]): { message: string; args?: Record<string, unknown> } | undefined {
  if (recipients.length === 0) return { message: 'reportScreens.validation.recipientRequired' };
  if (recipients.length > REPORT_MAX_RECIPIENTS)
    return { message: 'reportScreens.validation.recipientsMax', args: { max: REPORT_MAX_RECIPIENTS } };
  const bad = recipients.find((r) => !isEmail(r));
  if (bad) return { message: 'reportScreens.validation.recipientEmail', args: { email: bad } };
  return undefined;
}

/** The schedule form's layout: what, when, to whom. */
export const SCHEDULE_UI: UiHints<keyof ReportScheduleInput> = {
  order: ['name', 'reportId', 'parameters', 'format', 'frequency', 'weekday', 'monthDay', 'time', 'timeZone', 'recipients', 'active'],
  fields: {
    name: { label: 'reportScreens.schedules.fields.name' },
    reportId: { widget: 'report', label: 'reportScreens.schedules.fields.report' },
    parameters: { widget: 'parameters' },
    format: { widget: 'format' },
    frequency: {
      section: 'reportScreens.schedules.sections.when',
      optionLabels: 'reports.frequencies',
      label: 'reportScreens.schedules.fields.frequency',
    },
    weekday: { widget: 'weekday', label: 'reportScreens.schedules.fields.weekday' },
    monthDay: { widget: 'monthDay', label: 'reportScreens.schedules.fields.monthDay' },
    time: { widget: 'time', row: 'at', label: 'reportScreens.schedules.fields.time' },
    timeZone: { widget: 'timeZone', row: 'at', label: 'reportScreens.schedules.fields.timeZone' },
    recipients: {
      widget: 'recipients',
      section: 'reportScreens.schedules.sections.delivery',
      label: 'reportScreens.schedules.fields.recipients',
    },
    active: { label: 'reportScreens.schedules.fields.active' },
  },
};

/**
 * What a save sends (POST and PUT /api/reportSchedules): the input's fields only (not the
 * record's id or next run), the name trimmed, the frequency's own day, the parameters as the
 * report's schema knows them.
 */
export function scheduleBody(values: Record<string, unknown>, parameters: ParamSchema | undefined): Record<string, unknown> {
  const frequency = values.frequency as ReportFrequency;
  const params = (values.parameters ?? {}) as Record<string, unknown>;
  return {
    name: String(values.name ?? '').trim(),
    reportId: values.reportId,
    format: values.format,
    parameters: parameters ? cleanParameters(parameters, params) : params,
    frequency,
    time: values.time,
    ...daysFor(frequency, values as { weekday?: number | null; monthDay?: number | null }),
    timeZone: values.timeZone,
    recipients: Array.isArray(values.recipients) ? values.recipients.map((r) => String(r).trim()) : [],
    active: values.active !== false,
  };
}
