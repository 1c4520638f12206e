import type { ColumnType, Generated } from 'kysely';
import type { SiteCreate } from '../../../../schemas/siteCreate.js';
import type { Json } from './columns.js';

/** Account imports (migration 0024): the uploaded file, its mapping and status, and each row's outcome. */
export interface SiteImportTables {
  site_imports: SiteImportsTable;
  site_import_rows: SiteImportRowsTable;
}

export interface SiteImportsTable {
  import_id: Generated<number>;
  user_id: number;
  site_group_num: number;
  file_name: string;
  file_kind: 'csv' | 'xlsx';
  file_content: Uint8Array | null;
  sheets: Json<string[]>;
  sheet: string | null;
  headers: Json<string[]>;
  mapping: Json<(string | null)[]>;
  row_count: Generated<number>;
  processed: Generated<number>;
  /** SITE_IMPORT_STATUSES (schemas/siteImport.ts). */
  status: Generated<'draft' | 'previewed' | 'running' | 'cancelled' | 'done' | 'undone'>;
  language: Generated<string>;
  worker_id: string | null;
  heartbeat_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  cancel_requested: Generated<boolean>;
  created_at: Generated<Date>;
  started_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  undone_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface SiteImportRowsTable {
  import_id: number;
  row_num: number;
  batch_key: string;
  values: Json<Record<string, string>>;
  errors: Json<Record<string, { key: string; args?: Record<string, string | number> }>>;
  warnings: Json<string[]>;
  /** SITE_IMPORT_ROW_STATUSES (schemas/siteImport.ts). */
  status: 'ready' | 'warning' | 'refused' | 'skipped' | 'created' | 'removed';
  site_num: number | null;
  /** The account the row makes, as the preview checked it (migration 0032); null when refused or previewed before. */
  site: Json<SiteCreate> | null;
}
