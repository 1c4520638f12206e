import { SIGNAL_KINDS } from '../../../schemas/events.js';
import { SITE_WARNINGS } from '../../../schemas/sites.js';
import type { UiFieldHint, UiHints } from '../../../schemas/uiHints.js';
import type { ReportFrequency, ReportId, ReportProgress, ReportRun, ReportRunStatus, ReportSchedule } from '../../../schemas/reports.js';

/**
 * Pure rules of the report screens: what a run's parameters say in words, sizes and
 * times as people read them, a schedule in words, and the run form's values (defaults, the
 * parameters nested under `parameters`, what is sent).
 */

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The form values of a report's parameters live under this key, as in the API's bodies. */
export const PARAMETERS = 'parameters';

/** While a run is on its way its screens also reload this often (the live connection may be idle). */
export const ACTIVE_REFRESH_MS = 15_000;

/**
 * The id of `/reports/:id` (a run's page): a positive whole number within the API's range, else
 * undefined (the page says the run is not found without asking).
 */
export function runIdOf(param: string | undefined): number | undefined {
  if (!param || !/^\d{1,10}$/.test(param)) return undefined;
  const id = Number(param);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** A run that is still on its way: it can be cancelled and shows a progress bar. */
export function isActiveRun(status: ReportRunStatus): boolean {
  return status === 'queued' || status === 'running';
}

/** A file size as people read it: '940 B', '12.3 kB', '4.1 MB'; '' when there is no file. */
export function formatSize(bytes: number | null | undefined, locale: string): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  // Bytes as 'B' in every language (Intl's short name is the word 'byte').
  if (bytes < 1000) return `${new Intl.NumberFormat(locale).format(bytes)} B`;
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: value >= 100 ? 0 : 1,
  }).format(value);
}

/** 'now', '5 minutes ago', 'yesterday', '3 days ago': how long ago `iso` was at `now`. */
export function relativeTime(iso: string, now: Date, locale: string): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  if (!Number.isFinite(seconds)) return '';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 45) return format.format(0, 'second');
  if (abs < 45 * 60) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 22 * 3600) return format.format(Math.round(seconds / 3600), 'hour');
  if (abs < 26 * 86400) return format.format(Math.round(seconds / 86400), 'day');
  if (abs < 320 * 86400) return format.format(Math.round(seconds / (30 * 86400)), 'month');
  return format.format(Math.round(seconds / (365 * 86400)), 'year');
}

/** An instant as the locale writes a date and time (the tooltip of a relative time). */
export function exactTime(iso: string | null | undefined, locale: string, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', ...(timeZone && { timeZone }) }).format(date);
}

/** The day of an instant as the locale writes it ('Apr 9, 2025'). */
export function exactDate(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

/** 'yyyy-MM-dd' as the locale writes a day ('Mar 2, 2025'). */
function formatDay(day: string, locale: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

const listOf = (items: string[], locale: string) => new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items);

const asStrings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const same = (chosen: string[], all: readonly string[]) => chosen.length === all.length && all.every((v) => chosen.includes(v));

function periodInWords(params: Record<string, unknown>, t: Translate, locale: string): string | undefined {
  const period = params.period;
  if (typeof period !== 'string') return undefined;
  if (period === 'custom' && typeof params.from === 'string' && typeof params.to === 'string') {
    return params.from === params.to
      ? formatDay(params.from, locale)
      : t('reportScreens.words.range', { from: formatDay(params.from, locale), to: formatDay(params.to, locale) });
  }
  return t(`reports.periods.${period}`);
}

/**
 * A run's (or a schedule's) parameters as one line of words, in the form's order:
 * 'Last 7 days · Alarm, Trouble · All accounts'. Values it does not know are left out.
 */
export function parametersInWords(
  reportId: ReportId,
  params: Record<string, unknown> | null | undefined,
  t: Translate,
  locale: string,
): string {
  const p = params ?? {};
  const parts: string[] = [];
  const add = (part: string | undefined) => {
    if (part) parts.push(part);
  };
  if (reportId === 'accountsOnTest') {
    if (p.when === 'period') add(periodInWords(p, t, locale));
    else add(t('reports.onTestWhen.now'));
  } else {
    add(periodInWords(p, t, locale));
  }
  /** Chosen values in words: `all` when every one of `every` is chosen, nothing when none is. */
  const chosen = (values: string[], name: (value: string) => string, every?: readonly string[], all?: string) =>
    every && same(values, every) ? all : values.length ? listOf(values.map(name), locale) : undefined;
  if ('kinds' in p) add(chosen(asStrings(p.kinds), (k) => t(`events.kinds.${k}`), SIGNAL_KINDS, t('reportScreens.words.allKinds')));
  if ('exceptions' in p) add(chosen(asStrings(p.exceptions), (e) => t(`reports.exceptions.${e}`)));
  if (typeof p.graceMinutes === 'number') add(t('reportScreens.words.grace', { smart_count: p.graceMinutes }));
  if ('problems' in p)
    add(chosen(asStrings(p.problems), (w) => t(`siteInfo.warnings.${w}`), SITE_WARNINGS, t('reportScreens.words.allProblems')));
  if (typeof p.limit === 'number') add(t('reportScreens.words.top', { smart_count: p.limit }));
  if ('siteNums' in p) {
    const sites = Array.isArray(p.siteNums) ? p.siteNums.length : 0;
    add(sites === 0 ? t('reportScreens.words.allAccounts') : t('reportScreens.words.accounts', { smart_count: sites }));
  }
  return parts.join(' · ');
}

/** The name of a weekday (0 Sunday to 6 Saturday) in the locale. */
export function weekdayName(weekday: number, locale: string): string {
  // 7 January 2024 was a Sunday.
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 7 + weekday)));
}

/** When a schedule runs, in words: 'Weekly on Monday at 07:30', 'Monthly on the last day at 18:00'. */
export function scheduleInWords(
  schedule: Pick<ReportSchedule, 'frequency' | 'time' | 'weekday' | 'monthDay'>,
  t: Translate,
  locale: string,
): string {
  const time = schedule.time;
  switch (schedule.frequency as ReportFrequency) {
    case 'weekly':
      return t('reportScreens.schedules.words.weekly', { day: weekdayName(schedule.weekday ?? 1, locale), time });
    case 'monthly':
      return schedule.monthDay === -1
        ? t('reportScreens.schedules.words.monthlyLast', { time })
        : t('reportScreens.schedules.words.monthly', { day: schedule.monthDay ?? 1, time });
    default:
      return t('reportScreens.schedules.words.daily', { time });
  }
}

/** The browser's IANA time zone (the default of runs and schedules). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The IANA zones the browser knows, with `current` among them. */
export function timeZones(current?: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set([...zones, 'UTC', ...(current ? [current] : [])]);
  return [...all].sort();
}

interface ParamProperty {
  type?: string | readonly string[];
  format?: string;
  default?: unknown;
  items?: { enum?: readonly unknown[] };
  [key: string]: unknown;
}

/** A report's parameter schema as the catalogue sends it. */
export interface ParamSchema {
  $id?: string;
  type?: string;
  required?: readonly string[];
  properties?: Record<string, ParamProperty>;
  [key: string]: unknown;
}

/** The values a new run form starts with: each parameter's schema default. */
export function defaultParameters(schema: ParamSchema): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (property.default !== undefined) values[name] = structuredClone(property.default);
  }
  return values;
}

/**
 * What is sent: the parameters the schema knows, without empty values, and without the
 * custom range's days unless the period is custom.
 */
export function cleanParameters(schema: ParamSchema, values: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const known = schema.properties ?? {};
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values ?? {})) {
    if (!(name in known) || value === undefined || value === null || value === '') continue;
    if (known[name].format === 'date' && values?.period !== 'custom') continue;
    out[name] = value;
  }
  return out;
}

/** The schema without its $id (so one validator may compile it as often as forms open). */
export function withoutId(schema: ParamSchema): ParamSchema {
  const { $id: _id, ...rest } = schema;
  return rest;
}

/**
 * A report's parameter form for SchemaForm inside a form whose values nest the parameters
 * under `prefix` (the API's `{ parameters: {...} }`): the schema's fields and the hints' names
 * become `prefix.field`; date fields get the 'date' widget (shown for a custom period).
 */
export function prefixedForm(schema: ParamSchema, ui: UiHints, prefix: string = PARAMETERS): { schema: ParamSchema; ui: UiHints } {
  const name = (field: string) => `${prefix}.${field}`;
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([field, p]) => [name(field), p]));
  const fields: Record<string, UiFieldHint> = {};
  for (const field of ui.order) {
    const hint: UiFieldHint = ui.fields?.[field] ?? {};
    const date = schema.properties?.[field]?.format === 'date';
    fields[name(field)] = { ...hint, ...(date && !hint.widget && { widget: 'date' }) };
  }
  return {
    schema: { type: 'object', required: (schema.required ?? []).map(name), properties },
    ui: { order: ui.order.map(name), fields },
  };
}

/**
 * Errors of the parameters (by field, as the validator gives them: 'from', 'siteNums.3')
 * nested under `prefix` as react-hook-form reads them; the first error of a field wins.
 */
export function nestErrors<T>(errors: Record<string, T>, prefix: string = PARAMETERS): Record<string, Record<string, T>> {
  const nested: Record<string, T> = {};
  for (const [key, error] of Object.entries(errors)) {
    const field = key.split('.')[0] || 'root';
    if (!(field in nested)) nested[field] = error;
  }
  return Object.keys(nested).length ? { [prefix]: nested } : {};
}

/**
 * A live 'reportProgress' applied to a page of runs: the run's status and progress, and
 * whether the page had it. The same list when nothing changes (react-query keeps it).
 */
export function applyProgress(runs: readonly ReportRun[], progress: ReportProgress): { runs: readonly ReportRun[]; found: boolean } {
  const index = runs.findIndex((run) => run.id === progress.runId);
  if (index < 0) return { runs, found: false };
  const run = runs[index];
  if (run.status === progress.status && run.progress === progress.progress) return { runs, found: true };
  // A late 'running 40' never takes a finished run back.
  if (!isActiveRun(run.status) && isActiveRun(progress.status)) return { runs, found: true };
  const next = [...runs];
  next[index] = { ...run, status: progress.status, progress: progress.progress };
  return { runs: next, found: true };
}

/** The report of a locale key prefix: 'reports.catalogue.alarmActivity.name'. */
export function reportNameKey(reportId: string): string {
  return `reports.catalogue.${reportId}.name`;
}

/** One parameter of a run as its page shows it: the run form's label and the value in words. */
export interface ParameterFact {
  field: string;
  label: string;
  value: string;
}

/** A report's parameter schema and form hints, as the catalogue (GET /api/reports) gives them. */
export interface ParameterForm {
  parameters: ParamSchema;
  ui: UiHints;
}

/** Whether the run form hides a field for these values: the days of a custom period, the period of tests in force now. */
function hiddenInForm(field: string, schema: ParamSchema, params: Record<string, unknown>): boolean {
  const date = schema.properties?.[field]?.format === 'date';
  if (params.when === 'now' && (field === 'period' || date)) return true;
  return date && params.period !== 'custom';
}

function valueInWords(value: unknown, hint: UiFieldHint, format: string | undefined, t: Translate, locale: string): string {
  const option = (v: unknown) => (hint.optionLabels ? t(`${hint.optionLabels}.${String(v)}`) : String(v));
  if (hint.widget === 'accounts') {
    const sites = Array.isArray(value) ? value.map(String) : [];
    return sites.length
      ? new Intl.ListFormat(locale, { style: 'short', type: 'unit' }).format(sites)
      : t('reportScreens.words.allAccounts');
  }
  if (Array.isArray(value)) return listOf(value.map(option), locale);
  if (typeof value === 'number') return new Intl.NumberFormat(locale).format(value);
  if (typeof value === 'string' && format === 'date') return formatDay(value, locale);
  return option(value);
}

/**
 * A run's parameters one per line, labelled and ordered as the catalogue's run form draws them
 * (its UI hints; a field without a label of its own takes `reports.fields.<field>`, as the period
 * select does), each value in words: options by their labels, days as the locale writes them,
 * no accounts as 'All accounts'. Fields the form hides for these values, and values it does not
 * know, are left out.
 */
export function parameterFacts(
  form: ParameterForm,
  params: Record<string, unknown> | null | undefined,
  t: Translate,
  locale: string,
): ParameterFact[] {
  const p = params ?? {};
  const facts: ParameterFact[] = [];
  for (const field of form.ui.order) {
    const value = p[field];
    if (value === undefined || value === null || value === '' || hiddenInForm(field, form.parameters, p)) continue;
    const hint: UiFieldHint = form.ui.fields?.[field] ?? {};
    const format = form.parameters.properties?.[field]?.format;
    facts.push({ field, label: t(hint.label ?? `reports.fields.${field}`), value: valueInWords(value, hint, format, t, locale) });
  }
  return facts;
}
