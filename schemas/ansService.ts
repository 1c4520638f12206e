import type { FromSchema } from 'json-schema-to-ts';
import { closedObject, closedSchema, idsFilter, INT4_MAX, int4Range, notBlank } from './shared.js';

/**
 * The answering service (SPEC §2 /ans-service/*, §6 level8 + ansServiceBlockFlag + a
 * dealer that has the service): messages the service took for the account group, the on-call
 * rota, auto-notify rules, and the office's business hours with dated exceptions. Every resource is
 * scoped to the user's selected account group, in ra-data-simple-rest conventions.
 */

/** What a message is about (auto-notify rules match on it). */
export const ANS_MESSAGE_KINDS = ['emergency', 'service', 'billing', 'general'] as const;
export type AnsMessageKind = (typeof ANS_MESSAGE_KINDS)[number];
/** new: just taken; delivered: passed to the on-call person; handled: dealt with by the dealer. */
export const ANS_MESSAGE_STATUSES = ['new', 'delivered', 'handled'] as const;
export type AnsMessageStatus = (typeof ANS_MESSAGE_STATUSES)[number];
export const ANS_MESSAGE_SORT_FIELDS = ['takenAt', 'callerName', 'kind', 'status', 'id'] as const;

/** How a person on call or to notify is reached. */
export const ANS_CONTACT_TYPES = ['phone', 'text', 'email'] as const;
export type AnsContactType = (typeof ANS_CONTACT_TYPES)[number];
/** How an auto-notify rule tells its person. */
export const ANS_NOTIFY_CHANNELS = ['email', 'text'] as const;
export type AnsNotifyChannel = (typeof ANS_NOTIFY_CHANNELS)[number];

const id = { type: 'integer', minimum: 1, maximum: INT4_MAX } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const nullableDateTime = { type: ['string', 'null'], format: 'date-time' } as const;
/** 'HH:mm', 00:00 to 24:00 (24:00: the end of the day). */
const clock = {
  type: 'string',
  pattern: '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$',
  errorMessage: { pattern: 'ansService.errors.clock' },
} as const;
const day = { type: 'string', format: 'date' } as const;
const name = { type: 'string', minLength: 1, maxLength: 120, ...notBlank } as const;
const timeZone = { type: 'string', minLength: 1, maxLength: 64 } as const;

/** A message as the API returns it. */
export const ansMessageSchema = closedSchema('AnsMessage', {
  id,
  /** The account the call was about; null when the caller named none. */
  siteNum: { type: ['integer', 'null'], ...int4Range },
  siteName: { type: ['string', 'null'] },
  callerName: { type: 'string' },
  callerNumber: { type: 'string' },
  kind: { type: 'string', enum: ANS_MESSAGE_KINDS },
  text: { type: 'string' },
  takenAt: dateTime,
  /** Whom the operator passed it to (the person on call), when anyone. */
  deliveredTo: { type: ['string', 'null'] },
  status: { type: 'string', enum: ANS_MESSAGE_STATUSES },
  handledAt: nullableDateTime,
  /** The name of the user who marked it handled. */
  handledBy: { type: ['string', 'null'] },
});
export type AnsMessage = FromSchema<typeof ansMessageSchema>;

/** filter= of the messages list: status, kind, search text, taken from/to, ids (getMany). */
export const ansMessageFilterSchema = closedSchema('AnsMessageFilter', [], {
  status: { type: 'string', enum: ANS_MESSAGE_STATUSES },
  kind: { type: 'string', enum: ANS_MESSAGE_KINDS },
  q: { type: 'string', maxLength: 100 },
  from: dateTime,
  to: dateTime,
  id: idsFilter,
});
export type AnsMessageFilter = FromSchema<typeof ansMessageFilterSchema>;

/** PUT /api/ansMessages/{id}: mark handled (or open again). */
export const ansMessageUpdateSchema = {
  $id: 'AnsMessageUpdate',
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: ANS_MESSAGE_STATUSES } },
} as const;
export type AnsMessageUpdate = FromSchema<typeof ansMessageUpdateSchema>;

const contactMethodSchema = closedObject({
  type: { type: 'string', enum: ANS_CONTACT_TYPES },
  value: { type: 'string', minLength: 1, maxLength: 254, ...notBlank },
});

/** An on-call entry: who is on call from when to when, optionally every week. */
export const onCallInputSchema = closedSchema('OnCallInput', ['personName', 'contactMethods', 'startsAt', 'endsAt', 'weekly'], {
  personName: name,
  contactMethods: { type: 'array', minItems: 1, maxItems: 5, items: contactMethodSchema },
  startsAt: dateTime,
  endsAt: dateTime,
  /** Repeats every week at the same local times (the group's zone). */
  weekly: { type: 'boolean' },
  notes: { type: 'string', maxLength: 500 },
});
export type OnCallInput = FromSchema<typeof onCallInputSchema>;

export const onCallSchema = closedSchema('OnCallEntry', {
  id,
  personName: { type: 'string' },
  contactMethods: { type: 'array', items: contactMethodSchema },
  startsAt: dateTime,
  endsAt: dateTime,
  weekly: { type: 'boolean' },
  notes: { type: 'string' },
  updatedAt: dateTime,
});
export type OnCallEntry = FromSchema<typeof onCallSchema>;

/** GET /api/onCall/findings: the rota's gaps and conflicts over a week, in the group's zone. */
export const rotaFindingsSchema = closedObject({
  from: { type: 'string', format: 'date-time' },
  to: { type: 'string', format: 'date-time' },
  timeZone: { type: 'string' },
  gaps: {
    type: 'array',
    items: {
      type: 'object',
      required: ['start', 'end'],
      properties: { start: { type: 'string', format: 'date-time' }, end: { type: 'string', format: 'date-time' } },
    },
  },
  conflicts: {
    type: 'array',
    items: {
      type: 'object',
      required: ['start', 'end', 'entryIds'],
      properties: {
        start: { type: 'string', format: 'date-time' },
        end: { type: 'string', format: 'date-time' },
        entryIds: { type: 'array', items: { type: 'integer' } },
      },
    },
  },
});
export type RotaFindings = FromSchema<typeof rotaFindingsSchema>;

/** Rule: when a message of `kind` ('any' for every kind) arrives for `siteNums` (empty: every account), notify the person. */
export const autoNotifyInputSchema = closedSchema('AutoNotifyInput', {
  name,
  kind: { type: 'string', enum: ['any', ...ANS_MESSAGE_KINDS] },
  siteNums: { type: 'array', maxItems: 200, uniqueItems: true, items: id },
  personName: name,
  channel: { type: 'string', enum: ANS_NOTIFY_CHANNELS },
  /** An email address or a phone number, as the channel needs. */
  destination: { type: 'string', minLength: 3, maxLength: 254, ...notBlank },
  active: { type: 'boolean' },
});
export type AutoNotifyInput = FromSchema<typeof autoNotifyInputSchema>;

export const autoNotifySchema = closedSchema('AutoNotifyRule', {
  id,
  name: { type: 'string' },
  kind: { type: 'string', enum: ['any', ...ANS_MESSAGE_KINDS] },
  siteNums: { type: 'array', items: id },
  /** The accounts' names, in the order of siteNums. */
  siteNames: { type: 'array', items: { type: 'string' } },
  personName: { type: 'string' },
  channel: { type: 'string', enum: ANS_NOTIFY_CHANNELS },
  destination: { type: 'string' },
  active: { type: 'boolean' },
  lastTestAt: nullableDateTime,
});
export type AutoNotifyRule = FromSchema<typeof autoNotifySchema>;

export const autoNotifyTestResultSchema = closedSchema('AutoNotifyTestResult', {
  messageId: { type: 'integer' },
  /** sent: the mail server or SMS provider accepted it; outboxOnly: none is configured (demo); failed. */
  status: { type: 'string', enum: ['sent', 'outboxOnly', 'failed'] },
});
export type AutoNotifyTestResult = FromSchema<typeof autoNotifyTestResultSchema>;

/** One day of the week's hours: closed, or open from opensAt to closesAt (local, the group's zone). */
const weekDaySchema = closedObject({
  /** 0 = Sunday … 6 = Saturday. */
  dayOfWeek: { type: 'integer', minimum: 0, maximum: 6 },
  open: { type: 'boolean' },
  opensAt: clock,
  closesAt: clock,
});

export const businessHoursInputSchema = closedSchema('BusinessHoursInput', {
  timeZone,
  days: { type: 'array', minItems: 7, maxItems: 7, items: weekDaySchema },
});
export type BusinessHoursInput = FromSchema<typeof businessHoursInputSchema>;

export const businessHoursSchema = closedSchema('BusinessHours', {
  /** Always 'week' (one per account group). */
  id: { type: 'string' },
  timeZone: { type: 'string' },
  days: { type: 'array', items: weekDaySchema },
  /** Whether the office is open at the time of the answer (week hours and exceptions). */
  openNow: { type: 'boolean' },
  updatedAt: nullableDateTime,
});
export type BusinessHours = FromSchema<typeof businessHoursSchema>;

/** A dated exception: a holiday or closure (closed all day) or special hours, from `date` to `endDate` inclusive. */
export const hoursExceptionInputSchema = closedSchema('HoursExceptionInput', ['name', 'date', 'endDate', 'closed'], {
  name,
  date: day,
  endDate: day,
  closed: { type: 'boolean' },
  /** Special hours (closed false). */
  opensAt: { type: ['string', 'null'], pattern: clock.pattern, errorMessage: clock.errorMessage },
  closesAt: { type: ['string', 'null'], pattern: clock.pattern, errorMessage: clock.errorMessage },
});
export type HoursExceptionInput = FromSchema<typeof hoursExceptionInputSchema>;

export const hoursExceptionSchema = closedSchema('HoursException', {
  id,
  name: { type: 'string' },
  date: day,
  endDate: day,
  closed: { type: 'boolean' },
  opensAt: { type: ['string', 'null'] },
  closesAt: { type: ['string', 'null'] },
});
export type HoursException = FromSchema<typeof hoursExceptionSchema>;

export const hoursExceptionFilterSchema = closedSchema('HoursExceptionFilter', [], {
  /** Only those ending on or after this day (upcoming). */
  from: day,
  id: idsFilter,
});
export type HoursExceptionFilter = FromSchema<typeof hoursExceptionFilterSchema>;

/** The on-call list takes an optional week to report gaps and conflicts over. */
export const onCallFilterSchema = closedSchema('OnCallFilter', [], {
  q: { type: 'string', maxLength: 100 },
  id: idsFilter,
});
export type OnCallFilter = FromSchema<typeof onCallFilterSchema>;

export const autoNotifyFilterSchema = closedSchema('AutoNotifyFilter', [], {
  kind: { type: 'string', enum: ['any', ...ANS_MESSAGE_KINDS] },
  id: idsFilter,
});
export type AutoNotifyFilter = FromSchema<typeof autoNotifyFilterSchema>;

/** Most messages in one POST /api/integrations/ansMessages call. */
const ANS_MESSAGE_BATCH_MAX = 500;

/**
 * A message the answering service's call centre took (server to server, POST
 * /api/integrations/ansMessages): for an account group, about one of its accounts or none.
 */
export const ansMessageIngestItemSchema = closedSchema(
  'AnsMessageIngestItem',
  ['siteGroupNum', 'callerName', 'callerNumber', 'kind', 'text', 'takenAt'],
  {
    siteGroupNum: id,
    siteNum: { type: ['integer', 'null'], ...int4Range },
    callerName: { type: 'string', minLength: 1, maxLength: 120, ...notBlank },
    callerNumber: { type: 'string', minLength: 1, maxLength: 40, ...notBlank },
    kind: { type: 'string', enum: ANS_MESSAGE_KINDS },
    text: { type: 'string', minLength: 1, maxLength: 4000, ...notBlank },
    takenAt: dateTime,
    /** Whom the operator passed it to, when anyone. */
    deliveredTo: { type: ['string', 'null'], maxLength: 200 },
  },
);
export type AnsMessageIngestItem = FromSchema<typeof ansMessageIngestItemSchema>;

export const ansMessageIngestSchema = closedSchema('AnsMessageIngest', {
  messages: { type: 'array', minItems: 1, maxItems: ANS_MESSAGE_BATCH_MAX, items: ansMessageIngestItemSchema },
});
export type AnsMessageIngest = FromSchema<typeof ansMessageIngestSchema>;

export const ansMessageIngestResultSchema = closedSchema('AnsMessageIngestResult', {
  accepted: { type: 'integer', ...int4Range },
  /** Notifications the auto-notify rules sent (mail or text) for these messages. */
  notified: { type: 'integer', ...int4Range },
});

/** The answering service's schemas with an `$id`, for the catalog. */
export const ANS_SERVICE_SCHEMAS = [
  ansMessageSchema,
  ansMessageFilterSchema,
  ansMessageUpdateSchema,
  onCallSchema,
  onCallInputSchema,
  onCallFilterSchema,
  autoNotifySchema,
  autoNotifyInputSchema,
  autoNotifyFilterSchema,
  autoNotifyTestResultSchema,
  ansMessageIngestItemSchema,
  ansMessageIngestSchema,
  ansMessageIngestResultSchema,
  businessHoursSchema,
  businessHoursInputSchema,
  hoursExceptionSchema,
  hoursExceptionInputSchema,
  hoursExceptionFilterSchema,
];
