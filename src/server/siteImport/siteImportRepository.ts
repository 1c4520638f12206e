import { sql } from 'kysely';
import type { SiteImportRowStatus, SiteImportStatus } from '../../../schemas/siteImport.js';
import { SITE_IMPORT_UNDO_HOURS } from '../../../schemas/siteImport.js';
import type { CellErrors, RowValues } from '../../common/siteImport/rows.js';
import type { SiteCreate } from '../../../schemas/siteCreate.js';
import type { Db } from '../db/database.js';
import { isUsersGroup } from '../db/siteScope.js';
import type { SiteImportsTable } from '../db/schema.js';
import type { Selectable } from 'kysely';

/** A batch as read: every column but the file (megabytes, read only by the preview), which no read carries. */
export type ImportRow = Omit<Selectable<SiteImportsTable>, 'file_content'>;

const BATCH_COLUMNS = [
  'import_id',
  'user_id',
  'site_group_num',
  'file_name',
  'file_kind',
  'sheets',
  'sheet',
  'headers',
  'mapping',
  'row_count',
  'processed',
  'status',
  'language',
  'worker_id',
  'heartbeat_at',
  'cancel_requested',
  'created_at',
  'started_at',
  'finished_at',
  'undone_at',
] as const satisfies readonly (keyof ImportRow)[];

/** A row of an import as stored after the preview. */
export interface StoredRow {
  rowNum: number;
  values: RowValues;
  errors: CellErrors;
  warnings: string[];
  status: SiteImportRowStatus;
  siteNum: number | null;
  /** The account the row makes as checked (ready and warning rows); read by the job alone. */
  site?: SiteCreate | null;
}

/** Each row's own key: the import and the row (unique: a row's account is created once). */
export const batchKey = (importId: number, rowNum: number) => `${importId}:${rowNum}`;

/** Row filters of the preview's list, as statuses. */
const FILTER_STATUSES: Record<string, SiteImportRowStatus[] | undefined> = {
  all: undefined,
  errors: ['refused'],
  warnings: ['warning'],
  problems: ['refused', 'warning'],
  ready: ['ready', 'warning'],
  skipped: ['skipped'],
  created: ['created'],
};

/**
 * The import batches and their rows. Tenant scope: a batch is its user's alone and belongs
 * to the account group it was uploaded in (every read names the user).
 */
export function siteImportRepository(db: Db) {
  return {
    async insert(batch: {
      userId: number;
      siteGroupNum: number;
      fileName: string;
      kind: 'csv' | 'xlsx';
      content: Buffer;
      sheets: string[];
      sheet: string | null;
      headers: string[];
      mapping: (string | null)[];
      rowCount: number;
      language: string;
    }): Promise<ImportRow> {
      return db
        .insertInto('site_imports')
        .values({
          user_id: batch.userId,
          site_group_num: batch.siteGroupNum,
          file_name: batch.fileName,
          file_kind: batch.kind,
          file_content: batch.content,
          sheets: JSON.stringify(batch.sheets),
          sheet: batch.sheet,
          headers: JSON.stringify(batch.headers),
          mapping: JSON.stringify(batch.mapping),
          row_count: batch.rowCount,
          language: batch.language,
        })
        .returning(BATCH_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    /** The user's batch (without its file), or undefined. */
    async get(userId: number, importId: number): Promise<ImportRow | undefined> {
      return db
        .selectFrom('site_imports')
        .select(BATCH_COLUMNS)
        .where('import_id', '=', importId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async byId(importId: number): Promise<ImportRow | undefined> {
      return db.selectFrom('site_imports').select(BATCH_COLUMNS).where('import_id', '=', importId).executeTakeFirst();
    },

    /** The user's latest batches, newest first. */
    async list(userId: number, limit = 50): Promise<ImportRow[]> {
      return db
        .selectFrom('site_imports')
        .select(BATCH_COLUMNS)
        .where('user_id', '=', userId)
        .orderBy('import_id', 'desc')
        .limit(limit)
        .execute();
    },

    async update(importId: number, values: Partial<Record<keyof SiteImportsTable, unknown>>): Promise<void> {
      await db
        .updateTable('site_imports')
        .set(values as never)
        .where('import_id', '=', importId)
        .execute();
    },

    /** Moves a batch from one of `from` to `to` (and more columns); false when it was in none of them. */
    async move(importId: number, from: SiteImportStatus[], to: SiteImportStatus, values: Record<string, unknown> = {}): Promise<boolean> {
      const result = await db
        .updateTable('site_imports')
        .set({ status: to, ...values } as never)
        .where('import_id', '=', importId)
        .where('status', 'in', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async deleteRows(importId: number): Promise<void> {
      await db.deleteFrom('site_import_rows').where('import_id', '=', importId).execute();
    },

    async insertRows(importId: number, rows: StoredRow[]): Promise<void> {
      if (!rows.length) return;
      await db
        .insertInto('site_import_rows')
        .values(
          rows.map((row) => ({
            import_id: importId,
            row_num: row.rowNum,
            batch_key: batchKey(importId, row.rowNum),
            values: JSON.stringify(row.values),
            errors: JSON.stringify(row.errors),
            warnings: JSON.stringify(row.warnings),
            status: row.status,
            site_num: row.siteNum,
            site: row.site ? JSON.stringify(row.site) : null,
          })),
        )
        .execute();
    },

    async updateRow(importId: number, rowNum: number, row: Partial<Omit<StoredRow, 'rowNum'>>): Promise<void> {
      await db
        .updateTable('site_import_rows')
        .set({
          ...(row.values && { values: JSON.stringify(row.values) }),
          ...(row.errors && { errors: JSON.stringify(row.errors) }),
          ...(row.warnings && { warnings: JSON.stringify(row.warnings) }),
          ...(row.status && { status: row.status }),
          ...(row.site !== undefined && { site: row.site ? JSON.stringify(row.site) : null }),
        })
        .where('import_id', '=', importId)
        .where('row_num', '=', rowNum)
        .execute();
    },

    async row(importId: number, rowNum: number): Promise<StoredRow | undefined> {
      const row = await db
        .selectFrom('site_import_rows')
        .select(['row_num', 'values', 'errors', 'warnings', 'status', 'site_num'])
        .where('import_id', '=', importId)
        .where('row_num', '=', rowNum)
        .executeTakeFirst();
      return row && toStored(row);
    },

    /** A page of rows by filter, in file order, and how many the filter keeps. */
    async rows(importId: number, filter: string, offset: number, limit: number): Promise<{ total: number; rows: StoredRow[] }> {
      const statuses = FILTER_STATUSES[filter];
      let query = db.selectFrom('site_import_rows').where('import_id', '=', importId);
      if (statuses) query = query.where('status', 'in', statuses);
      const [rows, total] = await Promise.all([
        query
          .select(['row_num', 'values', 'errors', 'warnings', 'status', 'site_num'])
          .orderBy('row_num')
          .offset(offset)
          .limit(limit)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { total: Number(total.n), rows: rows.map(toStored) };
    },

    /** Every row in file order, a chunk at a time (the result file). */
    async *allRows(importId: number, chunk = 1000): AsyncGenerator<StoredRow[]> {
      let after = 0;
      for (;;) {
        const rows = await db
          .selectFrom('site_import_rows')
          .select(['row_num', 'values', 'errors', 'warnings', 'status', 'site_num'])
          .where('import_id', '=', importId)
          .where('row_num', '>', after)
          .orderBy('row_num')
          .limit(chunk)
          .execute();
        if (!rows.length) return;
        yield rows.map(toStored);
        after = rows[rows.length - 1].row_num;
      }
    },

    /** Rows by status. */
    async counts(importId: number): Promise<Record<SiteImportRowStatus, number>> {
      const rows = await db
        .selectFrom('site_import_rows')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('import_id', '=', importId)
        .groupBy('status')
        .execute();
      const counts = { ready: 0, warning: 0, refused: 0, skipped: 0, created: 0, removed: 0 };
      for (const row of rows) counts[row.status] = Number(row.n);
      return counts;
    },

    /** Rows of the batch other than `rowNum` (not left out) that hold one of `codes` as a transmitter. */
    async rowsWithTransmitters(importId: number, rowNum: number, codes: string[]): Promise<number[]> {
      if (!codes.length) return [];
      const rows = await db
        .selectFrom('site_import_rows')
        .select('row_num')
        .where('import_id', '=', importId)
        .where('row_num', '<>', rowNum)
        .where('status', '<>', 'skipped')
        .where(
          sql<boolean>`exists (select 1 from jsonb_each_text(site_import_rows.values) as v(key, value)
            where v.key like 'device%TransmitterCode' and upper(trim(v.value)) in (${sql.join(codes)}))`,
        )
        .orderBy('row_num')
        .execute();
      return rows.map((r) => r.row_num);
    },

    /** Sets each row's account by its batch key, in the creating transaction, where it has none yet; answers how many it set. */
    async markCreated(trx: Db, rows: { batchKey: string; siteNum: number }[]): Promise<number> {
      const values = sql.join(rows.map((r) => sql`(${r.batchKey}, ${r.siteNum}::integer)`));
      const result = await sql`update site_import_rows as r set site_num = v.site_num, status = 'created'
        from (values ${values}) as v(batch_key, site_num)
        where r.batch_key = v.batch_key and r.site_num is null`.execute(trx);
      return Number(result.numAffectedRows ?? 0);
    },

    /**
     * The next rows to create (ready or with warnings, no account yet), in file order, with the
     * accounts the preview checked. A row with its account comes without its values (empty): the
     * job needs them only when a row is refused, and a chunk's values, held while its accounts are
     * written, were a third of what the import left in V8's old space. `after`: the last row the
     * worker has dealt with, from which the index (migration 0035) is read: before it lie the
     * entries of rows created since the table's last vacuum, which PGlite never runs.
     */
    async pending(importId: number, limit: number, after = 0): Promise<StoredRow[]> {
      const rows = await db
        .selectFrom('site_import_rows')
        .select(['row_num', 'errors', 'warnings', 'status', 'site_num', 'site'])
        .select(sql<RowValues>`case when site is null then "values" else '{}'::jsonb end`.as('values'))
        .where('import_id', '=', importId)
        // As written in the partial index's predicate (migration 0035): a parameter would not prove it.
        .where(sql<boolean>`status in ('ready', 'warning')`)
        .where('site_num', 'is', null)
        .where('row_num', '>', after)
        .orderBy('row_num')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...toStored(row), site: row.site }));
    },

    /**
     * Takes a running batch for this worker: one nobody holds, or whose holder stopped beating
     * before `staleBefore`. Answers the batch, or undefined when another worker has it.
     */
    async claim(importId: number, workerId: string, staleBefore: Date): Promise<ImportRow | undefined> {
      return db
        .updateTable('site_imports')
        .set({ worker_id: workerId, heartbeat_at: new Date() })
        .where('import_id', '=', importId)
        .where('status', '=', 'running')
        .where((eb) => eb.or([eb('worker_id', 'is', null), eb('worker_id', '=', workerId), eb('heartbeat_at', '<', staleBefore)]))
        .returning(BATCH_COLUMNS)
        .executeTakeFirst();
    },

    /** The worker is alive: its progress and heartbeat; answers the batch as it is now (a cancel asked), or undefined once it lost it. */
    async beat(importId: number, workerId: string, processed: number): Promise<ImportRow | undefined> {
      return db
        .updateTable('site_imports')
        .set({ heartbeat_at: new Date(), processed })
        .where('import_id', '=', importId)
        .where('worker_id', '=', workerId)
        .returning(BATCH_COLUMNS)
        .executeTakeFirst();
    },

    /** Running batches nobody holds, or whose holder is gone. */
    async orphans(staleBefore: Date): Promise<number[]> {
      const rows = await db
        .selectFrom('site_imports')
        .select('import_id')
        .where('status', '=', 'running')
        .where((eb) => eb.or([eb('worker_id', 'is', null), eb('heartbeat_at', '<', staleBefore)]))
        .execute();
      return rows.map((r) => r.import_id);
    },

    /**
     * Why each account a batch created may not be removed by undo, by site number: no longer
     * pending, signals or history lines (alarm_events, tests), a customer linked to it, or an
     * audit entry about it after the batch started other than its creation.
     */
    async keptReasons(batch: ImportRow): Promise<Map<number, string>> {
      const since = batch.started_at ?? batch.created_at;
      const rows = await db
        .selectFrom('site_import_rows as r')
        .innerJoin('sites as s', 's.site_num', 'r.site_num')
        .select([
          's.site_num',
          sql<boolean>`s.status <> 'pending'`.as('not_pending'),
          sql<boolean>`exists (select 1 from alarm_events e where e.site_num = s.site_num)
            or exists (select 1 from site_tests t where t.site_num = s.site_num)`.as('activity'),
          sql<boolean>`exists (select 1 from msa_account_links l where l.site_num = s.site_num)`.as('linked'),
          sql<boolean>`exists (select 1 from audit_log a where a.occurred_at >= ${since}
            and ((a.target_type = 'site' and a.target_id = s.site_num::text and a.action <> 'site.created')
              or a.details->>'siteNum' = s.site_num::text))`.as('changed'),
        ])
        .where('r.import_id', '=', batch.import_id)
        .where('r.status', '=', 'created')
        .execute();
      const reasons = new Map<number, string>();
      for (const row of rows) {
        const reason = row.not_pending ? 'notPending' : row.activity ? 'activity' : row.linked ? 'linked' : row.changed ? 'changed' : '';
        reasons.set(row.site_num, reason);
      }
      return reasons;
    },

    /** Removes the accounts (everything of theirs goes with them) and marks their rows. */
    async removeAccounts(importId: number, siteNums: number[]): Promise<void> {
      if (!siteNums.length) return;
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('site_import_rows')
          .set({ status: 'removed' })
          .where('import_id', '=', importId)
          .where('site_num', 'in', siteNums)
          .execute();
        await trx.deleteFrom('sites').where('site_num', 'in', siteNums).execute();
      });
    },

    /**
     * The accounts that hold any of `codes` on the whole platform, by code: named (number and
     * name) only when in one of the user's account groups, as the wizard's transmitter check does.
     */
    async transmitterOwners(userId: number, codes: string[]): Promise<Map<string, { siteNum: number; siteName: string } | null>> {
      const owners = new Map<string, { siteNum: number; siteName: string } | null>();
      for (let i = 0; i < codes.length; i += 1000) {
        const rows = await db
          .selectFrom('devices')
          .innerJoin('sites', 'sites.site_num', 'devices.site_num')
          .select(['devices.transmitter_code', 'sites.site_num', 'sites.site_name', isUsersGroup('sites.site_group_num', userId).as('own')])
          .where('devices.transmitter_code', 'in', codes.slice(i, i + 1000))
          .execute();
        for (const row of rows) owners.set(row.transmitter_code, row.own ? { siteNum: row.site_num, siteName: row.site_name } : null);
      }
      return owners;
    },

    /** Rows of a batch with their account, by site number (undo names them). */
    async createdRows(importId: number): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('site_import_rows')
        .select(['row_num', 'site_num'])
        .where('import_id', '=', importId)
        .where('status', '=', 'created')
        .execute();
      return new Map(rows.filter((r) => r.site_num !== null).map((r) => [r.site_num!, r.row_num]));
    },
  };
}

function toStored(row: {
  row_num: number;
  values: RowValues;
  errors: CellErrors;
  warnings: string[];
  status: SiteImportRowStatus;
  site_num: number | null;
}): StoredRow {
  return { rowNum: row.row_num, values: row.values, errors: row.errors, warnings: row.warnings, status: row.status, siteNum: row.site_num };
}

/** Until when a finished batch may be undone; null when it may not. */
export function undoUntil(batch: Pick<ImportRow, 'status' | 'finished_at'>): Date | null {
  if ((batch.status !== 'done' && batch.status !== 'cancelled') || !batch.finished_at) return null;
  return new Date(batch.finished_at.getTime() + SITE_IMPORT_UNDO_HOURS * 3_600_000);
}

export type SiteImportRepository = ReturnType<typeof siteImportRepository>;
