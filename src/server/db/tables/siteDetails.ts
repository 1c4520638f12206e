import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.js';

/** What an account holds: devices and their zones, the call list, agencies, premise phones, passcodes and schedules. */
export interface SiteDetailTables {
  devices: DevicesTable;
  zones: ZonesTable;
  contacts: ContactsTable;
  site_agencies: SiteAgenciesTable;
  premise_phones: PremisePhonesTable;
  passcodes: PasscodesTable;
  schedules: SchedulesTable;
  schedule_holidays: ScheduleHolidaysTable;
}

export interface DevicesTable {
  dev_num: number;
  site_num: number;
  transmitter_code: string;
  panel_type: string | null;
  description: string | null;
  on_test_until: Timestamp | null;
  created_at: Generated<Date>;
}

export interface ZonesTable {
  dev_num: number;
  zone_num: number;
  description: string;
  event_type: string;
}

export interface ContactsTable {
  contact_id: Generated<number>;
  site_num: number;
  position: number;
  name: string;
  relation: string | null;
  phone_number: string | null;
  email: string | null;
  has_key: Generated<boolean>;
  /** May verify an alarm (migration 0004). */
  verifies: Generated<boolean>;
  /** The contact's own passcode, masked like the account's (migration 0009). */
  passcode: string | null;
}

export interface SiteAgenciesTable {
  agency_id: Generated<number>;
  site_num: number;
  kind: 'police' | 'fire' | 'medical' | 'guard';
  name: string;
  phone_number: string | null;
  permit_number: string | null;
  /** 'YYYY-MM-DD'. */
  permit_expires_on: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PremisePhonesTable {
  phone_id: Generated<number>;
  site_num: number;
  label: string;
  phone_number: string;
}

export interface PasscodesTable {
  passcode_id: Generated<number>;
  site_num: number;
  name: string;
  passcode: string;
  /** The duress passcode (at most one per account; migration 0009). */
  is_duress: Generated<boolean>;
}

export interface SchedulesTable {
  schedule_id: Generated<number>;
  site_num: number;
  name: string;
  day_of_week: number;
  opens_at: string;
  closes_at: string;
}

/** A day the weekly schedule does not apply (migration 0009): closed all day (times null) or special times. */
export interface ScheduleHolidaysTable {
  holiday_id: Generated<number>;
  site_num: number;
  date: string;
  name: string;
  opens_at: string | null;
  closes_at: string | null;
}
