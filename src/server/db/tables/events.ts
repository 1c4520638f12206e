import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.js';

/** Alarm events, the tests that cover them and their daily counts. */
export interface EventTables {
  alarm_events: AlarmEventsTable;
  site_tests: SiteTestsTable;
  event_days: EventDaysTable;
  group_event_days: GroupEventDaysTable;
}

export interface AlarmEventsTable {
  alarm_num: Generated<number>;
  site_num: number;
  dev_num: number;
  site_group_num: number;
  transmitter_code: string;
  zone_num: number | null;
  event_code: string;
  event_code_description: string;
  alarm_date: Timestamp;
  received_at: Generated<Date>;
  /** EVENT_KINDS, generated from event_code by the database (migration 0004; 'change' since 0009). */
  event_kind: ColumnType<'alarm' | 'trouble' | 'openClose' | 'test' | 'restore' | 'other' | 'change', never, never>;
  /** Covered by a test when it arrived: stored, not pushed live (migration 0008). */
  on_test: Generated<boolean>;
}

/** Tests placed on accounts (migration 0008; src/common/siteTests.ts). */
export interface SiteTestsTable {
  test_id: Generated<number>;
  site_num: number;
  /** The device of a device or zones test (or of a kinds test limited to one device). */
  dev_num: number | null;
  scope: 'site' | 'device' | 'zones' | 'kinds';
  zones: Generated<number[]>;
  kinds: Generated<string[]>;
  starts_at: Timestamp;
  ends_at: Timestamp;
  reason: string;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_by: number | null;
  updated_at: Generated<Date>;
  ended_at: Timestamp | null;
  ended_by: number | null;
  end_reason: 'expired' | 'cancelled' | null;
  /** Why it was ended early. */
  end_note: string | null;
  /** The account status to return to when the last test of the account ends. */
  return_status: 'active' | 'inAlarm' | 'outOfService' | 'pending' | null;
}

/** Events per account, UTC day and kind (migration 0007), kept current by triggers on alarm_events. */
export interface EventDaysTable {
  site_group_num: number;
  site_num: number;
  /** The UTC calendar day of alarm_date. */
  day: ColumnType<string, string, string>;
  event_kind: string;
  count: number;
}

/** event_days summed per account group (migration 0007). */
export interface GroupEventDaysTable {
  site_group_num: number;
  day: ColumnType<string, string, string>;
  event_kind: string;
  count: number;
}
