import { ACCOUNT_CHANGE_CODE, type EventKind } from '../../schemas/events.js';

/**
 * The Contact ID family of an event code (SPEC §3 alarm event), the
 * rule of the generated column alarm_events.event_kind (migration 0004) in
 * TypeScript: a code is an optional qualifier (E event, R restore, P previous)
 * and the event number, whose first digit names the family. Openings and
 * closings (4xx) are one family whatever the qualifier; any other restore is a
 * restore; then 1xx alarms, 2xx, 3xx and 5xx troubles (supervisory, system,
 * bypass), 6xx tests; anything else is 'other'. Checked against the database
 * by tests/integration/events.test.ts. A change to the account (ACCOUNT_CHANGE_CODE, migration
 * 0009) is 'change'.
 */
export function eventKind(code: string): EventKind {
  if (code === ACCOUNT_CHANGE_CODE) return 'change';
  if (/^[EeRrPp]?4/.test(code)) return 'openClose';
  if (/^[Rr]/.test(code)) return 'restore';
  if (/^[EePp]?1/.test(code)) return 'alarm';
  if (/^[EePp]?[235]/.test(code)) return 'trouble';
  if (/^[EePp]?6/.test(code)) return 'test';
  return 'other';
}
