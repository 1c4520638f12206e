import type { FromSchema } from 'json-schema-to-ts';
import { SIGNAL_KINDS } from './events.js';
import { SITE_WARNINGS } from './sites.js';
import { closedObject, closedSchema, INT4_MAX, int4IdsFilter, notBlank, nullableDateTime } from './shared.js';
import type { UiHints } from './uiHints.js';

/**
 * Reports (SPEC §2 /reports, /reports/inbox, reports-download/{id}).
 *
 * - GET /api/reports: the catalogue, each report with the JSON Schema of its
 *   parameters (the run form is generated from it) and its UI hints.
 * - `reportRuns` (simple-rest): my runs. POST runs one (a durable pg-boss job),
 *   GET lists them (filter status, reportId), GET /{id}/file downloads the
 *   file, POST /{id}/cancel cancels a queued or running one, POST /{id}/rerun
 *   queues the same report again, DELETE removes one and its file.
 * - `reportSchedules` (simple-rest): daily, weekly or monthly runs at a time in
 *   the user's time zone (a cron expression, croner), each run emailing its recipients a link to
 *   /reports-download/{linkID}, never the file.
 * - Link download (anonymous): POST /api/mfa/requestReportCode, POST
 *   /api/report/download/exchange {linkID, code} (sets the download token), GET
 *   /api/report/download/{linkID} (with a session allowed to see the run, or
 *   the download token of that link).
 */

export const REPORT_IDS = [
  'alarmActivity',
  'accountsOnTest',
  'openCloseExceptions',
  'dataCompleteness',
  'callList',
  'zoneList',
  'topAlarmAccounts',
] as const;
export type ReportId = (typeof REPORT_IDS)[number];

export const REPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_RUN_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ReportRunStatus = (typeof REPORT_RUN_STATUSES)[number];

/**
 * A period relative to the day the report runs (in the user's time zone), so a
 * scheduled report always covers the latest period; 'custom' takes from and to.
 */
export const REPORT_PERIODS = ['today', 'yesterday', 'last7Days', 'last30Days', 'thisMonth', 'lastMonth', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const OPEN_CLOSE_EXCEPTIONS = ['lateToOpen', 'earlyToClose'] as const;
export type OpenCloseException = (typeof OPEN_CLOSE_EXCEPTIONS)[number];

/** The most accounts a report may name (an empty list: every account of the group). */
const REPORT_MAX_SITES = 500;

const date = { type: 'string', format: 'date' } as const;
const period = { type: 'string', enum: REPORT_PERIODS, default: 'last7Days' } as const;
const siteNums = {
  type: 'array',
  items: { type: 'integer', minimum: 1, maximum: INT4_MAX },
  maxItems: REPORT_MAX_SITES,
  uniqueItems: true,
  default: [],
} as const;
/** from and to are required when the period is custom (checked by the rule in src/common/reportRules.ts too). */
const customNeedsDates = {
  if: { properties: { period: { const: 'custom' } }, required: ['period'] },
  then: { required: ['from', 'to'], properties: { from: date, to: date } },
} as const;

export const alarmActivityParamsSchema = {
  $id: 'AlarmActivityParams',
  ...closedObject(['period', 'kinds', 'siteNums'], {
    period,
    from: date,
    to: date,
    kinds: { type: 'array', items: { type: 'string', enum: SIGNAL_KINDS }, minItems: 1, uniqueItems: true, default: [...SIGNAL_KINDS] },
    siteNums,
  }),
  ...customNeedsDates,
} as const;
export type AlarmActivityParams = FromSchema<typeof alarmActivityParamsSchema>;

export const accountsOnTestParamsSchema = {
  $id: 'AccountsOnTestParams',
  ...closedObject(['when'], {
    /** now: tests in force when the report runs; period: tests overlapping the period. */
    when: { type: 'string', enum: ['now', 'period'], default: 'now' },
    period,
    from: date,
    to: date,
  }),
  ...customNeedsDates,
} as const;
export type AccountsOnTestParams = FromSchema<typeof accountsOnTestParamsSchema>;

export const openCloseExceptionsParamsSchema = {
  $id: 'OpenCloseExceptionsParams',
  ...closedObject(['period', 'exceptions', 'graceMinutes', 'siteNums'], {
    period,
    from: date,
    to: date,
    exceptions: {
      type: 'array',
      items: { type: 'string', enum: OPEN_CLOSE_EXCEPTIONS },
      minItems: 1,
      uniqueItems: true,
      default: [...OPEN_CLOSE_EXCEPTIONS],
    },
    /** Minutes after the scheduled open (or before the scheduled close) that still count as on time. */
    graceMinutes: { type: 'integer', minimum: 0, maximum: 240, default: 15 },
    siteNums,
  }),
  ...customNeedsDates,
} as const;
export type OpenCloseExceptionsParams = FromSchema<typeof openCloseExceptionsParamsSchema>;

export const dataCompletenessParamsSchema = closedSchema('DataCompletenessParams', {
  /** The completeness warnings of the account view (src/common/siteWarnings.ts) to list accounts by. */
  problems: {
    type: 'array',
    items: { type: 'string', enum: SITE_WARNINGS },
    minItems: 1,
    uniqueItems: true,
    default: [...SITE_WARNINGS],
  },
});
export type DataCompletenessParams = FromSchema<typeof dataCompletenessParamsSchema>;

export const callListParamsSchema = closedSchema('CallListParams', { siteNums });
export type CallListParams = FromSchema<typeof callListParamsSchema>;

export const zoneListParamsSchema = closedSchema('ZoneListParams', { siteNums });
export type ZoneListParams = FromSchema<typeof zoneListParamsSchema>;

export const topAlarmAccountsParamsSchema = {
  $id: 'TopAlarmAccountsParams',
  ...closedObject(['period', 'kinds', 'limit'], {
    period,
    from: date,
    to: date,
    kinds: { type: 'array', items: { type: 'string', enum: SIGNAL_KINDS }, minItems: 1, uniqueItems: true, default: ['alarm'] },
    limit: { type: 'integer', minimum: 5, maximum: 500, default: 25 },
  }),
  ...customNeedsDates,
} as const;
export type TopAlarmAccountsParams = FromSchema<typeof topAlarmAccountsParamsSchema>;

/** Each report's parameter schema, by id. */
export const REPORT_PARAMETER_SCHEMAS = {
  alarmActivity: alarmActivityParamsSchema,
  accountsOnTest: accountsOnTestParamsSchema,
  openCloseExceptions: openCloseExceptionsParamsSchema,
  dataCompleteness: dataCompletenessParamsSchema,
  callList: callListParamsSchema,
  zoneList: zoneListParamsSchema,
  topAlarmAccounts: topAlarmAccountsParamsSchema,
} as const satisfies Record<ReportId, object>;

export interface ReportParamsById {
  alarmActivity: AlarmActivityParams;
  accountsOnTest: AccountsOnTestParams;
  openCloseExceptions: OpenCloseExceptionsParams;
  dataCompleteness: DataCompletenessParams;
  callList: CallListParams;
  zoneList: ZoneListParams;
  topAlarmAccounts: TopAlarmAccountsParams;
}

/**
 * How each run form draws the parameters. Widgets: 'period' (the period select
 * with from/to shown for custom), 'multiSelect' (an array of enum values),
 * 'accounts' (an account picker filling siteNums; empty = all accounts).
 */
const periodFields = {
  period: { widget: 'period', optionLabels: 'reports.periods' },
  from: { row: 'range', label: 'reports.fields.from' },
  to: { row: 'range', label: 'reports.fields.to' },
} as const;
const kindsField = { widget: 'multiSelect', optionLabels: 'events.kinds', label: 'reports.fields.kinds' } as const;
const sitesField = { widget: 'accounts', label: 'reports.fields.siteNums' } as const;

export const REPORT_PARAMETER_UI: { readonly [R in ReportId]: UiHints } = {
  alarmActivity: {
    order: ['period', 'from', 'to', 'kinds', 'siteNums'],
    fields: { ...periodFields, kinds: kindsField, siteNums: sitesField },
  },
  accountsOnTest: {
    order: ['when', 'period', 'from', 'to'],
    fields: { when: { optionLabels: 'reports.onTestWhen', label: 'reports.fields.when' }, ...periodFields },
  },
  openCloseExceptions: {
    order: ['period', 'from', 'to', 'exceptions', 'graceMinutes', 'siteNums'],
    fields: {
      ...periodFields,
      exceptions: { widget: 'multiSelect', optionLabels: 'reports.exceptions', label: 'reports.fields.exceptions' },
      graceMinutes: { label: 'reports.fields.graceMinutes' },
      siteNums: sitesField,
    },
  },
  dataCompleteness: {
    order: ['problems'],
    fields: { problems: { widget: 'multiSelect', optionLabels: 'siteInfo.warnings', label: 'reports.fields.problems' } },
  },
  callList: { order: ['siteNums'], fields: { siteNums: sitesField } },
  zoneList: { order: ['siteNums'], fields: { siteNums: sitesField } },
  topAlarmAccounts: {
    order: ['period', 'from', 'to', 'kinds', 'limit'],
    fields: { ...periodFields, kinds: kindsField, limit: { label: 'reports.fields.limit' } },
  },
};

/** GET /api/reports: one catalogue entry. Names and descriptions are locale keys reports.catalogue.<id>.name/description. */
export const reportDefinitionSchema = closedSchema('ReportDefinition', {
  id: { type: 'string', enum: REPORT_IDS },
  formats: { type: 'array', items: { type: 'string', enum: REPORT_FORMATS } },
  /** The JSON Schema of the report's parameters. */
  parameters: { type: 'object', additionalProperties: true },
  ui: { type: 'object', additionalProperties: true },
});
export type ReportDefinition = FromSchema<typeof reportDefinitionSchema>;

/** POST /api/reportRuns: run a report now. `parameters` is checked against the report's own schema. */
export const reportRunInputSchema = closedSchema('ReportRunInput', ['reportId', 'format', 'parameters'], {
  reportId: { type: 'string', enum: REPORT_IDS },
  format: { type: 'string', enum: REPORT_FORMATS },
  parameters: { type: 'object' },
  /** The IANA zone the periods and times are read in (the browser's); absent: UTC. */
  timeZone: { type: 'string', minLength: 1, maxLength: 64 },
});
export type ReportRunInput = FromSchema<typeof reportRunInputSchema>;

/** A run as answered (the inbox row). */
export const reportRunSchema = closedSchema('ReportRun', {
  id: { type: 'integer', minimum: 1, maximum: INT4_MAX },
  reportId: { type: 'string', enum: REPORT_IDS },
  /** The report's name in the owner's language when it was requested (the §3 report event's reportName). */
  reportName: { type: 'string' },
  format: { type: 'string', enum: REPORT_FORMATS },
  parameters: { type: 'object', additionalProperties: true },
  status: { type: 'string', enum: REPORT_RUN_STATUSES },
  /** 0 to 100. */
  progress: { type: 'integer', minimum: 0, maximum: 100 },
  /** Why it failed: a locale key (reports.errors.*). */
  error: { type: ['string', 'null'] },
  rowCount: { type: ['integer', 'null'] },
  sizeBytes: { type: ['integer', 'null'] },
  fileName: { type: ['string', 'null'] },
  attempts: { type: 'integer' },
  scheduleId: { type: ['integer', 'null'] },
  createdAt: { type: 'string', format: 'date-time' },
  startedAt: nullableDateTime,
  finishedAt: nullableDateTime,
  /** When the retention job deletes it (30 days after it was requested). */
  expiresAt: { type: 'string', format: 'date-time' },
});
export type ReportRun = FromSchema<typeof reportRunSchema>;

export const REPORT_RUN_SORT_FIELDS = ['createdAt', 'reportName', 'status', 'sizeBytes', 'id'] as const;

/** `filter` of GET /api/reportRuns. */
export const reportRunFilterSchema = closedSchema('ReportRunFilter', [], {
  status: { type: 'string', enum: REPORT_RUN_STATUSES },
  reportId: { type: 'string', enum: REPORT_IDS },
  /** getMany: these runs. */
  id: int4IdsFilter,
});
export type ReportRunFilter = FromSchema<typeof reportRunFilterSchema>;

/** Live progress over /hubs/reports ('reportProgress'), beside the §3 'reportComplete' notice. */
export const reportProgressSchema = closedSchema('ReportProgress', {
  runId: { type: 'integer' },
  status: { type: 'string', enum: REPORT_RUN_STATUSES },
  progress: { type: 'integer', minimum: 0, maximum: 100 },
});
export type ReportProgress = FromSchema<typeof reportProgressSchema>;

export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const REPORT_MAX_RECIPIENTS = 10;

/** POST/PUT /api/reportSchedules. */
export const reportScheduleInputSchema = {
  $id: 'ReportScheduleInput',
  ...closedObject(['name', 'reportId', 'format', 'parameters', 'frequency', 'time', 'timeZone', 'recipients', 'active'], {
    name: { type: 'string', minLength: 1, maxLength: 100, ...notBlank },
    reportId: { type: 'string', enum: REPORT_IDS },
    format: { type: 'string', enum: REPORT_FORMATS },
    parameters: { type: 'object' },
    frequency: { type: 'string', enum: REPORT_FREQUENCIES },
    /** Local time of day, HH:mm (24 h), in timeZone. */
    time: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', errorMessage: { pattern: 'reports.validation.time' } },
    /** weekly: 0 Sunday to 6 Saturday. */
    weekday: { type: ['integer', 'null'], minimum: 0, maximum: 6 },
    /** monthly: 1 to 28, or -1 for the last day of the month. */
    monthDay: { type: ['integer', 'null'], minimum: -1, maximum: 28, not: { const: 0 } },
    /** An IANA zone; the form sends the browser's. */
    timeZone: { type: 'string', minLength: 1, maxLength: 64 },
    recipients: {
      type: 'array',
      items: { type: 'string', format: 'email', maxLength: 128 },
      minItems: 1,
      maxItems: REPORT_MAX_RECIPIENTS,
      uniqueItems: true,
    },
    active: { type: 'boolean' },
  }),
  allOf: [
    {
      if: { properties: { frequency: { const: 'weekly' } } },
      then: { required: ['weekday'], properties: { weekday: { type: 'integer' } } },
    },
    {
      if: { properties: { frequency: { const: 'monthly' } } },
      then: { required: ['monthDay'], properties: { monthDay: { type: 'integer' } } },
    },
  ],
} as const;
export type ReportScheduleInput = FromSchema<typeof reportScheduleInputSchema>;

/** A schedule as answered. */
export const reportScheduleSchema = closedSchema('ReportSchedule', {
  id: { type: 'integer', minimum: 1, maximum: INT4_MAX },
  name: { type: 'string' },
  reportId: { type: 'string', enum: REPORT_IDS },
  format: { type: 'string', enum: REPORT_FORMATS },
  parameters: { type: 'object', additionalProperties: true },
  frequency: { type: 'string', enum: REPORT_FREQUENCIES },
  time: { type: 'string' },
  weekday: { type: ['integer', 'null'] },
  monthDay: { type: ['integer', 'null'] },
  timeZone: { type: 'string' },
  recipients: { type: 'array', items: { type: 'string' } },
  active: { type: 'boolean' },
  /** Null when inactive. */
  nextRunAt: nullableDateTime,
  lastRunAt: nullableDateTime,
  createdAt: { type: 'string', format: 'date-time' },
});
export type ReportSchedule = FromSchema<typeof reportScheduleSchema>;

export const REPORT_SCHEDULE_SORT_FIELDS = ['name', 'nextRunAt', 'createdAt', 'id'] as const;

/** `filter` of GET /api/reportSchedules: ids only (getMany). */
export const reportScheduleFilterSchema = closedSchema('ReportScheduleFilter', [], {
  id: int4IdsFilter,
});
export type ReportScheduleFilter = FromSchema<typeof reportScheduleFilterSchema>;

/**
 * The answer of POST /api/report/download/exchange: the download token (an HttpOnly cookie) lasts until expiresAt;
 * runId is the run, whose page (/reports/{runId}) the verified view leads to (SPEC §4 'Verified: go to /reports/{id}').
 */
export const reportDownloadGrantSchema = closedSchema('ReportDownloadGrant', {
  expiresAt: { type: 'string', format: 'date-time' },
  fileName: { type: 'string' },
  runId: { type: 'integer', minimum: 1, maximum: INT4_MAX },
});
export type ReportDownloadGrant = FromSchema<typeof reportDownloadGrantSchema>;
