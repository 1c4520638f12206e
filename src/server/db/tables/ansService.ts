import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './columns.js';

/** The answering service: messages, on-call rota, auto-notify rules, business hours and their exceptions. */
export interface AnsServiceTables {
  ans_messages: AnsMessagesTable;
  ans_on_call: AnsOnCallTable;
  ans_auto_notify: AnsAutoNotifyTable;
  ans_business_hours: AnsBusinessHoursTable;
  ans_hours_exceptions: AnsHoursExceptionsTable;
}

/** A contact method of an on-call person (migration 0015). */
export interface AnsContactMethodRow {
  type: 'phone' | 'text' | 'email';
  value: string;
}

/** One day of an answering-service week (migration 0015). */
export interface AnsWeekDayRow {
  dayOfWeek: number;
  open: boolean;
  opensAt: string;
  closesAt: string;
}

export interface AnsMessagesTable {
  message_id: Generated<number>;
  site_group_num: number;
  site_num: number | null;
  caller_name: string;
  caller_number: string;
  kind: 'emergency' | 'service' | 'billing' | 'general';
  body: string;
  taken_at: Timestamp;
  delivered_to: string | null;
  status: Generated<'new' | 'delivered' | 'handled'>;
  handled_at: Timestamp | null;
  handled_by: number | null;
  created_at: Generated<Date>;
}

export interface AnsOnCallTable {
  entry_id: Generated<number>;
  site_group_num: number;
  person_name: string;
  contact_methods: Json<AnsContactMethodRow[]>;
  starts_at: Timestamp;
  ends_at: Timestamp;
  weekly: Generated<boolean>;
  notes: Generated<string>;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface AnsAutoNotifyTable {
  rule_id: Generated<number>;
  site_group_num: number;
  name: string;
  kind: 'any' | 'emergency' | 'service' | 'billing' | 'general';
  site_nums: ColumnType<number[], number[] | undefined, number[]>;
  person_name: string;
  channel: 'email' | 'text';
  destination: string;
  active: Generated<boolean>;
  last_test_at: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface AnsBusinessHoursTable {
  site_group_num: number;
  time_zone: Generated<string>;
  days: ColumnType<AnsWeekDayRow[], string, string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface AnsHoursExceptionsTable {
  exception_id: Generated<number>;
  site_group_num: number;
  name: string;
  /** date columns: written as 'YYYY-MM-DD', read with to_char. */
  date: string;
  end_date: string;
  closed: Generated<boolean>;
  opens_at: string | null;
  closes_at: string | null;
  created_at: Generated<Date>;
}
