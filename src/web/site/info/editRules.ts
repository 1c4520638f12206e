import { phoneMessage } from '../../../common/callList.js';
import { passcodeProblem } from '../../../common/passcodeRules.js';
import { formatPhone } from '../../../common/phoneFormat.js';
import { checkHoliday, checkWindow, type HolidayDraft, type WindowDraft } from '../../../common/scheduleRules.js';

/**
 * Pure rules of the account's editors on /site/info (the dealer's) and /msa/* (the customer's):
 * each dialog's rules beyond its schema, as the form's `validate` adds them, and what its Save
 * sends, as the server's routes take it (src/server/accountEdits/). The rules themselves are
 * src/common's (callList.ts, passcodeRules.ts, scheduleRules.ts), the same the server applies.
 */

type Values = Record<string, unknown>;
type Messages = Record<string, string | undefined>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** '' to null: an optional text input left empty. */
const orNull = (value: unknown): string | null => text(value).trim() || null;

/** A new row names its account; a change never moves one to another account (the routes ignore it). */
const account = (values: Values) => (values.id === undefined ? { siteNum: values.siteNum } : {});

/** A stored phone as it reads (national in the account's country), or null. */
export function phoneDisplay(stored: string | null): string | null {
  return stored ? formatPhone(stored) : null;
}

/** A contact: the phone rule as it is typed ('Enter a phone number' when empty), and its passcode's when one is typed. */
export function contactProblems(values: Values): Messages {
  const passcode = text(values.passcode);
  return { phoneNumber: phoneMessage(text(values.phoneNumber)), passcode: passcode ? passcodeProblem(passcode) : undefined };
}

/** A contact as POST and PUT /api/contacts take it: its passcode only when typed (kept otherwise), null when removed. */
export function contactPayload(values: Values): Values {
  const passcode = values.passcode;
  return {
    ...account(values),
    name: text(values.name).trim(),
    relation: orNull(values.relation),
    phoneNumber: text(values.phoneNumber),
    email: orNull(values.email),
    verifies: Boolean(values.verifies),
    hasKey: Boolean(values.hasKey),
    ...(typeof passcode === 'string' && passcode !== '' ? { passcode } : passcode === null ? { passcode: null } : {}),
  };
}

/**
 * A passcode: a new one needs its value; a typed value meets the passcode rule and is typed twice
 * (`confirm`, it is masked). Duplicates and a second duress passcode are the server's to find:
 * it alone knows the values.
 */
export function passcodeProblems(values: Values): Messages {
  const value = text(values.passcode);
  return {
    passcode: value ? passcodeProblem(value) : values.id === undefined ? 'accountEdits.passcodes.required' : undefined,
    confirm: value && text(values.confirm) !== value ? 'accountEdits.passcodes.mismatch' : undefined,
  };
}

/** A passcode as POST and PUT /api/passcodes take it: the value only when typed (kept otherwise). */
export function passcodePayload(values: Values): Values {
  const value = text(values.passcode);
  return { ...account(values), name: text(values.name).trim(), isDuress: Boolean(values.isDuress), ...(value ? { passcode: value } : {}) };
}

/** A zone as PUT /api/zones/{devNum-zoneNum} takes it. */
export function zonePayload(values: Values): Values {
  return { description: text(values.description).trim(), eventType: values.eventType };
}

/** A weekly window among the account's `others`: a close equal to the open, an overlap (scheduleRules.ts). */
export function windowProblems(values: Values, others: readonly WindowDraft[]): Messages {
  const opensAt = text(values.opensAt);
  const closesAt = text(values.closesAt);
  if (!opensAt || !closesAt) return {};
  return checkWindow({ scheduleId: values.id as number | undefined, dayOfWeek: Number(values.dayOfWeek), opensAt, closesAt }, others);
}

/** A weekly window as POST and PUT /api/schedules take it. */
export function windowPayload(values: Values): Values {
  return {
    ...account(values),
    dayOfWeek: Number(values.dayOfWeek),
    name: text(values.name).trim(),
    opensAt: values.opensAt,
    closesAt: values.closesAt,
  };
}

/** A holiday's times: none when it is closed all day (the form's own flag), else as typed. */
function specialHours(values: Values): { opensAt: string | null; closesAt: string | null } {
  if (values.closedAllDay) return { opensAt: null, closesAt: null };
  return { opensAt: text(values.opensAt) || null, closesAt: text(values.closesAt) || null };
}

/**
 * A holiday among the account's `others` (scheduleRules.ts: one per date, special times both or
 * neither and not equal); open on the day, it needs its special times.
 */
export function holidayProblems(values: Values, others: readonly HolidayDraft[]): Messages {
  const hours = specialHours(values);
  const problems: Messages = checkHoliday({ holidayId: values.id as number | undefined, date: text(values.date), ...hours }, others);
  if (!values.closedAllDay && !hours.opensAt && !hours.closesAt) problems.opensAt = 'accountEdits.holidays.bothTimes';
  return problems;
}

/** A holiday as POST and PUT /api/holidays take it (both times null: closed all day). */
export function holidayPayload(values: Values): Values {
  return { ...account(values), date: values.date, name: text(values.name).trim(), ...specialHours(values) };
}
