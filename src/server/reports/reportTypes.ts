import type { TFunction } from 'i18next';
import type { ReportFormat, ReportId } from '../../../schemas/reports.js';
import type { Db } from '../db/database.js';

/**
 * The seam between the report job (reportJobs.ts: queue, claim, progress,
 * storage) and the report engine (reportDefinitions.ts: what each report
 * reads; formats/: how rows become CSV, Excel or PDF).
 */

/** What a report run knows about its request. */
export interface ReportContext {
  db: Db;
  /** The account group the run was requested in: every query is scoped to its sites. */
  siteGroupNum: number;
  /** The IANA zone periods and times are read and shown in. */
  timeZone: string;
  /** A translator fixed to the owner's language. */
  t: TFunction;
  /** When the run started: relative periods (yesterday...) are resolved against it. */
  now: Date;
  /** Reports how far it is, 0 to 1 (called often; the job throttles what it stores and sends). */
  progress(fraction: number): void;
  /** True once the run is cancelled or the server is stopping: stop reading and return. */
  stopped(): boolean;
  /** Rows per slice of a large CSV (db/slices.ts SLICE_ROWS unless set; tests set fewer). */
  sliceRows?: number;
  /**
   * Whether the next slice may be read while the current one is written: on PostgreSQL (another
   * connection, another core); not on PGlite, whose one connection would only hold more in memory.
   */
  readAhead?: boolean;
}

export type ReportCell = string | number | Date | null;

export interface ReportColumn {
  key: string;
  /** The header, already translated. */
  header: string;
  /** How the cell is written: dates in the run's time zone, numbers right-aligned. */
  type?: 'text' | 'number' | 'dateTime' | 'date';
  /** Relative width in the PDF and Excel (characters); default 16. */
  width?: number;
}

/** A report ready to write: its title lines, columns and rows (read lazily, in batches). */
export interface ReportOutput {
  title: string;
  /** The parameters in words (period, kinds, accounts), shown under the title. */
  subtitle: string;
  columns: ReportColumn[];
  rows: AsyncIterable<ReportCell[]>;
  /**
   * The same rows as CSV lines written by the database, batch by batch, for a report that can
   * have a million rows (the CSV writer takes them instead of `rows`; csv-stringify writes the header).
   */
  csvLines?: AsyncIterable<{ text: string; rows: number }>;
}

/** What the writer needs besides the rows. */
export interface WriteOptions {
  timeZone: string;
  /** The dealer's logo (SVG text or PNG/JPEG bytes) for the PDF header; absent: none. */
  logo?: { svg: string } | { image: Buffer };
  /** A generated-at line, already translated. */
  footer: string;
}

/** A run to queue (reportJobs.ts): the parameters are checked first (reportParameters.ts). */
export interface EnqueueRequest {
  userId: number;
  siteGroupNum: number;
  reportId: ReportId;
  format: ReportFormat;
  parameters: Record<string, unknown>;
  timeZone: string;
  /** 'en' | 'es' | 'fr': the report's headers and the emails are in it. */
  language: string;
  scheduleId?: number | null;
}

/** A run that has ended, for listeners (scheduled runs email their links). */
export interface FinishedRun {
  id: number;
  userId: number;
  scheduleId: number | null;
  reportId: ReportId;
  reportName: string;
  status: 'done' | 'failed' | 'cancelled';
  language: string;
}

/** app.reports: what other report parts (schedules, links) use of the job runner. */
export interface ReportsService {
  /** Queues a run (a row in report_runs and a pg-boss job); answers its id. */
  enqueue(request: EnqueueRequest): Promise<number>;
  /** Called once per run when it ends (done, failed for good, or cancelled). */
  onFinished(listener: (run: FinishedRun) => Promise<void>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    reports: ReportsService;
  }
}
