import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './columns.js';

/** Reports: schedules, runs and their files, and the links that deliver them. */
export interface ReportTables {
  report_schedules: ReportSchedulesTable;
  report_runs: ReportRunsTable;
  report_file_chunks: ReportFileChunksTable;
  report_links: ReportLinksTable;
  report_link_codes: ReportLinkCodesTable;
}

/** Report tables (migration 0011; schemas/reports.ts). */
export interface ReportSchedulesTable {
  schedule_id: Generated<number>;
  user_id: number;
  site_group_num: number | null;
  name: string;
  report_id: string;
  format: 'csv' | 'xlsx' | 'pdf';
  parameters: Json;
  frequency: 'daily' | 'weekly' | 'monthly';
  time_of_day: string;
  weekday: number | null;
  month_day: number | null;
  time_zone: string;
  language: Generated<string>;
  recipients: string[];
  active: Generated<boolean>;
  next_run_at: Timestamp | null;
  last_run_at: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ReportRunsTable {
  report_run_id: Generated<number>;
  user_id: number;
  site_group_num: number | null;
  schedule_id: number | null;
  report_id: string;
  report_name: string;
  format: 'csv' | 'xlsx' | 'pdf';
  parameters: Json;
  time_zone: Generated<string>;
  language: Generated<string>;
  status: Generated<'queued' | 'running' | 'done' | 'failed' | 'cancelled'>;
  progress: Generated<number>;
  error: string | null;
  row_count: number | null;
  /** bigint: pg answers a string. */
  size_bytes: ColumnType<string | null, number | null, number | null>;
  file_name: string | null;
  content_type: string | null;
  attempts: Generated<number>;
  cancel_requested: Generated<boolean>;
  worker_id: string | null;
  heartbeat_at: Timestamp | null;
  created_at: Generated<Date>;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}

export interface ReportFileChunksTable {
  report_run_id: number;
  seq: number;
  bytes: Uint8Array;
}

export interface ReportLinksTable {
  link_id: string;
  report_run_id: number;
  email: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
}

export interface ReportLinkCodesTable {
  code_id: Generated<number>;
  link_id: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}
