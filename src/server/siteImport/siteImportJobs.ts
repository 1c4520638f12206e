import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { SiteImportProgress, SiteImportRowStatus } from '../../../schemas/siteImport.js';
import { checkRow, type CellErrors } from '../../common/siteImport/rows.js';
import { APPLICATION } from '../../common/constants.js';
import type { Db } from '../db/database.js';
import type { ScopeUser } from '../db/siteScope.js';
import type { SiteCreate } from '../../../schemas/siteCreate.js';
import { siteSchemaCheck, takenError } from './siteImportPreview.js';
import { batchKey, siteImportRepository, type ImportRow, type StoredRow } from './siteImportRepository.js';
import { siteCreatedDetails } from '../../common/siteCreateRules.js';
import { flushSearchRows, mergeSearchIndexes, searchRowsLater } from '../db/searchRowsLater.js';

const QUEUE = 'site-import';
const SWEEP_QUEUE = 'site-import-sweep';

export interface ImportTuning {
  /**
   * Rows created in one transaction, between two heartbeats (and cancel checks, progress messages).
   * 50 on PostgreSQL: a chunk's statements are built in one stretch of the event loop, which every
   * other request waits for (another user's p99 during an import of 10,000 accounts 14.5 to 18.7 ms
   * at 50, 19.6 to 31.0 ms at 100; the import 14.6 to 17.9 s against 14.1 to 16.5 s); at 200 more of a
   * chunk's accounts outlived V8's young generation (promoted: 67 against 51 MB for 10,000 rows).
   */
  chunk: number;
  /**
   * When set, a chunk's transaction (with its search rows after it, giveWay) is kept to about this
   * many milliseconds: the next chunk has as many rows (at most `chunk`, at least one) as the last
   * one's time per row says fit. On PGlite, whose one connection each statement of another request
   * waits for behind the chunk, this bounds that wait whatever the machine's load.
   */
  chunkMs: number;
  /**
   * Awaited after each chunk before the next (default: one turn of the event loop). On PGlite, the
   * connection quiet for a moment (DatabaseHandle.whenQuiet): another request's statements, which
   * come one after another, each get the connection before the next chunk rather than each waiting
   * for one; with nobody else asking, the import goes on at once. False: it stopped waiting while
   * others were still asking (see giveWay).
   */
  between: () => Promise<boolean | void>;
  /**
   * The heartbeat (with the cancel check) and the progress message go out after a chunk once this
   * many milliseconds have passed since the last (0: after every chunk). On PGlite, whose chunks
   * may be of one account, the heartbeat's write and the upkeep after it would otherwise come after
   * every account, each a statement another user's request waits behind. The message's counts are
   * taken once a run and then tallied (runClaimed), whatever this is.
   */
  progressMs: number;
  /**
   * Run after each heartbeat (default: nothing). On PGlite, the database's upkeep (db/upkeep.ts),
   * which nothing else would run for minutes: the tables an import fills get their statistics as
   * they grow.
   */
  upkeep: () => Promise<unknown>;
  /**
   * A chunk's search rows (db/searchRowsLater.ts) are written after it, in a transaction of their
   * own, instead of at its commit, and the search indexes' pending lists merged with the heartbeat
   * and at the end instead of with each chunk's rows; while `between` answers that others are
   * asking (false), the next chunk is of one account and its rows wait for another `between`. On
   * PGlite every other request waits behind each of these transactions: an account's took the
   * connection about 9 ms, of which 4 to 5 went to its search rows, more than half of that to the
   * merge. Alone, the import keeps its longer chunks, whose rows are written together (10,000
   * accounts in 66 s against 206 s one by one: docs/performance.md, Account import).
   */
  giveWay: boolean;
  /** A batch whose worker has not beaten for this long is taken to have lost it (a killed process). */
  staleMs: number;
  /**
   * No other process works on this database (PGlite: one process holds its data directory), so at
   * start-up every running batch is one a stopped process left, and goes on at once.
   */
  exclusive: boolean;
}

const DEFAULT_TUNING: ImportTuning = {
  chunk: 50,
  chunkMs: 0,
  between: nextTurn,
  progressMs: 0,
  upkeep: () => Promise.resolve(),
  giveWay: false,
  staleMs: 30_000,
  exclusive: false,
};

/** The row was created by another worker in the meantime: its transaction is rolled back. */
class AlreadyCreated extends Error {}

/**
 * The wizard's account creation (src/server/siteCreate/siteCreateRepository.ts `create`, given by
 * src/server/app.ts): one account in one transaction, `within` run in it. It throws an error named
 * 'TransmitterClash' (`code`, `index` of the device, `owner`) or 'NoAccountGroup'.
 */
export interface SiteCreator {
  create(
    user: ScopeUser,
    site: SiteCreate,
    premisePhoneLabel: string,
    within?: (trx: Db, created: Created) => Promise<void>,
  ): Promise<Created>;
  /** Many accounts in one transaction, each as `create` makes it; a clash is an outcome, not an error. */
  createMany(
    user: ScopeUser,
    sites: SiteCreate[],
    premisePhoneLabel: string,
    within?: (trx: Db, outcomes: Outcome[]) => Promise<void>,
  ): Promise<Outcome[]>;
}
type Created = { siteNum: number; devNums: number[]; siteGroupNum: number };
type Outcome = Created | { clash: Clash };

interface Clash {
  name: string;
  code: string;
  index: number;
  owner: { own: true; siteNum: number; siteName: string } | { own: false };
}
const isClash = (error: unknown): error is Clash => error instanceof Error && error.name === 'TransmitterClash';
const isNoGroup = (error: unknown) => error instanceof Error && error.name === 'NoAccountGroup';
const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** A clash's message on the row's own transmitter column (the payload's devices are the row's in number order). */
function clashErrors(values: Record<string, string>, error: Clash): CellErrors {
  const deviceColumns = Object.keys(values)
    .filter((c) => /^device\d+TransmitterCode$/.test(c))
    .sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]));
  return {
    [deviceColumns[error.index] ?? `device${error.index + 1}TransmitterCode`]: takenError(error.code, error.owner.own ? error.owner : null),
  };
}

/** What a progress message says of a batch's rows: left to create, created, refused. */
interface Tally {
  left: number;
  created: number;
  refused: number;
}
const tallyOf = (counts: Record<SiteImportRowStatus, number>): Tally => ({
  left: counts.ready + counts.warning,
  created: counts.created,
  refused: counts.refused,
});

/**
 * The import job (pg-boss queue 'site-import', one job per batch): creates the accounts of a
 * batch's ready rows in file order (each the account the preview checked and kept, so no row is
 * mapped or checked again; a transmitter taken since is refused by the wizard's check under its lock,
 * and the unique index behind it), a chunk of rows at a time through the wizard's repository
 * (siteCreateRepository.createMany: one transaction, multi-row inserts, the wizard's lock and
 * transmitter check), in the transaction that also sets each row's site number by its batch key
 * and writes each account's audit entry, so a row is created exactly once whatever stops the
 * server. A chunk a writer outside the lock collides with is done again row by row (create).
 * A worker claims the batch and beats every chunk; a cancel asked is seen at the next chunk.
 * A batch whose worker stopped (a restart: released; a crash: its heartbeat goes stale) is sent
 * again at start-up and by the sweep each minute, and the next worker goes on from the first
 * row without an account.
 */
export async function siteImportJobs(app: FastifyInstance, sites: SiteCreator, tuning: Partial<ImportTuning> = {}) {
  const { chunk, chunkMs, between, progressMs, upkeep, giveWay, staleMs, exclusive } = { ...DEFAULT_TUNING, ...tuning };
  /** Batches this process is running: a batch sent again while its loop goes on (a slow chunk looked stale) is not run twice here. */
  const running = new Set<number>();
  const repo = siteImportRepository(app.db);
  const schema = siteSchemaCheck();
  const workerId = randomUUID();
  let stopping = false;
  const staleBefore = () => new Date(Date.now() - staleMs);

  const publish = async (batch: ImportRow, status: SiteImportProgress['status'], processed: number, tally: Tally) => {
    const total = tally.left + processed;
    const progress = total > 0 ? Math.min(100, Math.round((processed / Math.max(total, 1)) * 100)) : 100;
    await app.realtime
      .importProgress(batch.user_id, {
        importId: batch.import_id,
        status,
        processed,
        total: Math.max(total, processed),
        created: tally.created,
        refused: tally.refused,
        progress: status === 'done' ? 100 : progress,
      })
      .catch((err: unknown) => app.log.warn({ err, importId: batch.import_id }, 'import progress not sent'));
  };

  /** A pending row's values (read again for a row that came with its account: repo.pending). */
  const valuesOf = async (batch: ImportRow, row: StoredRow): Promise<Record<string, string>> =>
    row.site ? ((await repo.row(batch.import_id, row.rowNum))?.values ?? {}) : row.values;

  async function createRow(
    batch: ImportRow,
    rowNum: number,
    values: Record<string, string>,
    premiseLabel: string,
  ): Promise<'created' | 'refused'> {
    const checked = checkRow(values, schema);
    if (!checked.site) {
      await repo.updateRow(batch.import_id, rowNum, { status: 'refused', errors: checked.errors, warnings: [] });
      return 'refused';
    }
    const site = checked.site;
    const user = { user_id: batch.user_id, application_num: APPLICATION.dealer, current_site_group_num: batch.site_group_num };
    const key = batchKey(batch.import_id, rowNum);
    try {
      const created = await sites.create(user, site, premiseLabel, async (trx: Db, made) => {
        const marked = await trx
          .updateTable('site_import_rows')
          .set({ site_num: made.siteNum, status: 'created' })
          .where('batch_key', '=', key)
          .where('site_num', 'is', null)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== 1) throw new AlreadyCreated();
      });
      await app.audit.system({
        action: 'site.created',
        actorUserId: batch.user_id,
        targetType: 'site',
        targetId: created.siteNum,
        details: { ...siteCreatedDetails(created, site), importId: batch.import_id, rowNum },
      });
      return 'created';
    } catch (error) {
      if (error instanceof AlreadyCreated) return 'created';
      if (isClash(error)) {
        await repo.updateRow(batch.import_id, rowNum, { status: 'refused', errors: clashErrors(values, error), warnings: [] });
        return 'refused';
      }
      throw error;
    }
  }

  /**
   * A chunk of rows in one transaction; rows the wizard's rules or a transmitter refuse are marked so.
   * Answers how many it created and refused, or undefined when another worker took rows of it meanwhile.
   */
  async function createChunk(
    batch: ImportRow,
    rows: StoredRow[],
    premiseLabel: string,
  ): Promise<{ created: number; refused: number } | undefined> {
    const user = { user_id: batch.user_id, application_num: APPLICATION.dealer, current_site_group_num: batch.site_group_num };
    const good: { row: StoredRow; site: SiteCreate }[] = [];
    let refused = 0;
    for (const row of rows) {
      // The preview's account, else (a row previewed before it was kept) the row checked here.
      if (row.site) {
        good.push({ row, site: row.site });
        continue;
      }
      const checked = checkRow(row.values, schema);
      if (checked.site) good.push({ row, site: checked.site });
      else {
        await repo.updateRow(batch.import_id, row.rowNum, { status: 'refused', errors: checked.errors, warnings: [] });
        refused++;
      }
    }
    if (!good.length) return { created: 0, refused };
    let outcomes: Outcome[];
    try {
      outcomes = await sites.createMany(
        user,
        good.map((g) => g.site),
        premiseLabel,
        async (trx, made) => {
          if (giveWay) await searchRowsLater(trx);
          const created = made.flatMap((o, i) => ('clash' in o ? [] : [{ ...good[i], o }]));
          if (!created.length) return;
          const marked = await repo.markCreated(
            trx,
            created.map(({ row, o }) => ({ batchKey: batchKey(batch.import_id, row.rowNum), siteNum: o.siteNum })),
          );
          if (marked !== created.length) throw new AlreadyCreated();
          await app.audit.systemAll(
            created.map(({ row, site, o }) => ({
              action: 'site.created',
              actorUserId: batch.user_id,
              targetType: 'site',
              targetId: o.siteNum,
              details: { ...siteCreatedDetails(o, site), importId: batch.import_id, rowNum: row.rowNum },
            })),
            trx,
          );
        },
      );
    } catch (error) {
      // Another worker marked a row meanwhile: nothing of the chunk stays, the next read skips what it made.
      if (error instanceof AlreadyCreated) return undefined;
      if (!isUniqueViolation(error)) throw error;
      let created = 0;
      for (const { row } of good) {
        if ((await createRow(batch, row.rowNum, await valuesOf(batch, row), premiseLabel)) === 'created') created++;
        else refused++;
      }
      return { created, refused };
    }
    for (const [i, outcome] of outcomes.entries()) {
      if (!('clash' in outcome)) continue;
      refused++;
      const { row } = good[i];
      await repo.updateRow(batch.import_id, row.rowNum, {
        status: 'refused',
        errors: clashErrors(await valuesOf(batch, row), outcome.clash),
        warnings: [],
      });
    }
    // Every row of the chunk is now created or refused.
    return { created: rows.length - refused, refused };
  }

  async function finish(batch: ImportRow, status: 'done' | 'cancelled', processed: number) {
    // Rows a stopped chunk left, then the pending lists the last heartbeat did not merge (giveWay):
    // apart, as flushSearchRows merges only when it wrote rows, and every chunk has written its own.
    if (giveWay) {
      await flushSearchRows(app.db, { merge: false });
      await mergeSearchIndexes(app.db);
    }
    const moved = await repo.move(batch.import_id, ['running'], status, {
      finished_at: new Date(),
      worker_id: null,
      processed,
      file_content: null,
    });
    if (!moved) return;
    const counts = await repo.counts(batch.import_id);
    await app.audit.system({
      action: status === 'done' ? 'siteImport.finished' : 'siteImport.cancelled',
      actorUserId: batch.user_id,
      targetType: 'siteImport',
      targetId: batch.import_id,
      details: { counts, processed },
    });
    await publish(batch, status, processed, tallyOf(counts));
    await app.realtime
      .reportComplete({ userId: batch.user_id }, { reportName: batch.file_name, success: status === 'done' })
      .catch((err: unknown) => app.log.warn({ err, importId: batch.import_id }, 'import notice not sent'));
  }

  /** Runs a batch to its end (or until the process stops, or another worker takes it). */
  async function run(importId: number): Promise<void> {
    if (running.has(importId)) return;
    running.add(importId);
    try {
      await runClaimed(importId);
    } finally {
      running.delete(importId);
    }
  }

  async function runClaimed(importId: number): Promise<void> {
    let batch = await repo.claim(importId, workerId, staleBefore());
    if (!batch) return;
    const t = app.i18n.forRequest(batch.language);
    const premiseLabel = t('siteCreate.premisePhoneLabel');
    let processed = batch.processed;
    let size = chunk;
    let reported = performance.now();
    let after = 0;
    /** Others asked for the connection while the import waited: the next chunk gives way (ImportTuning.giveWay). */
    let yielding = false;
    // Search rows a stopped process left between an account's transaction and its own.
    if (giveWay) await flushSearchRows(app.db);
    // Counted once a run, then kept as chunks end: counting reads every row of the batch (11.7 ms
    // at 10,000 on PGlite, where another user's request waits behind it).
    let tally = tallyOf(await repo.counts(importId));
    try {
      for (;;) {
        if (stopping) return;
        if (batch.cancel_requested) return await finish(batch, 'cancelled', processed);
        // Each row of a chunk is created or refused when it ends (or the run stops): the next is after it.
        const rows = await repo.pending(importId, yielding ? 1 : size, after);
        if (!rows.length) return await finish(batch, 'done', processed);
        after = rows[rows.length - 1].rowNum;
        const started = performance.now();
        const made = await createChunk(batch, rows, premiseLabel);
        tally = made
          ? { left: tally.left - rows.length, created: tally.created + made.created, refused: tally.refused + made.refused }
          : tallyOf(await repo.counts(importId));
        if (giveWay) {
          if (yielding) await between();
          await flushSearchRows(app.db, { merge: false });
        }
        if (!yielding && chunkMs > 0) {
          const perRow = (performance.now() - started) / rows.length;
          size = Math.max(1, Math.min(chunk, Math.floor(chunkMs / Math.max(perRow, 0.001))));
        }
        processed += rows.length;
        if (performance.now() - reported >= progressMs) {
          const now = await repo.beat(importId, workerId, processed);
          if (!now) return; // another worker took the batch over
          batch = now;
          await publish(batch, 'running', processed, tally);
          await upkeep();
          if (giveWay) await mergeSearchIndexes(app.db);
          reported = performance.now();
        }
        // PGlite answers without leaving the microtask queue: without a turn of the event loop
        // here, no other request would be read until the whole import had run.
        yielding = (await between()) === false && giveWay;
      }
    } catch (error) {
      if (isNoGroup(error)) {
        app.log.warn({ importId }, 'import stopped: the user no longer belongs to the account group');
        return await finish(batch, 'cancelled', processed);
      }
      throw error;
    } finally {
      // Stopping (a restart): the batch is let go at once, so the next process goes on without waiting for it to go stale.
      if (stopping) await repo.update(importId, { worker_id: null }).catch(() => undefined);
    }
  }

  const sweep = async (before = staleBefore()) => {
    for (const importId of await repo.orphans(before)) await send(importId);
  };
  const send = (importId: number) =>
    app.jobs.send(QUEUE, { importId }, { singletonKey: `import-${importId}`, singletonSeconds: 5, retry: { limit: 5, delaySeconds: 5 } });

  app.addHook('preClose', async () => {
    stopping = true;
  });
  await app.jobs.work<{ importId: number }>(QUEUE, ({ importId }) => run(importId));
  await app.jobs.schedule(SWEEP_QUEUE, '* * * * *', () => sweep());
  // Batches a stopped process was running go on here (a killed one's at once when no other process can hold them).
  app.addHook('onReady', async () => {
    await sweep(exclusive ? new Date() : staleBefore()).catch((err: unknown) => app.log.warn({ err }, 'import sweep failed'));
  });
  return { send };
}
