import { sql, type SelectExpression, type Transaction } from 'kysely';
import { writeAccountChange, type HistoryChange } from '../db/accountHistory.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { siteRowsPage, siteScope, type ScopeUser, type SiteRowsFilter } from '../db/siteScope.js';
import type { ListQuery } from '../http/simpleRest.js';

/**
 * What every account-edit repository shares, once: the tenant scope (a row is reached through a
 * site within siteScope(user), so another group's site or row answers undefined, as a missing one
 * does) and the account's change log (the history row a write leaves in its transaction).
 */

/** A site the user may reach: what every write of its details needs. */
export interface EditSite {
  siteNum: number;
  siteGroupNum: number;
}

export type Trx = Transaction<Database>;

/** A time-of-day column as 'HH:MM'. */
export const clock = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'HH24:MI')`;
export const nullableClock = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'HH24:MI')`;

/** The tables whose rows hang off a site by their site_num. */
export type SiteRowTable = 'contacts' | 'passcodes' | 'schedules' | 'schedule_holidays';

export type AccountSites = ReturnType<typeof accountSites>;

export function accountSites(db: Db) {
  return {
    /** The site within the user's scope. */
    async site(user: ScopeUser, siteNum: number, trx: Db | Trx = db): Promise<EditSite | undefined> {
      const row = await trx
        .selectFrom('sites')
        .select(['site_num', 'site_group_num'])
        .where('sites.site_num', '=', siteNum)
        .where(siteScope(user))
        .executeTakeFirst();
      return row && { siteNum: row.site_num, siteGroupNum: row.site_group_num };
    },

    /** The site of a row reached through its site_num, within the scope. */
    async siteOfRow(user: ScopeUser, table: SiteRowTable, idColumn: string, id: number): Promise<EditSite | undefined> {
      const row = await db
        .selectFrom(table)
        .innerJoin('sites', 'sites.site_num', `${table}.site_num`)
        .select(['sites.site_num', 'sites.site_group_num'])
        .where(sql.ref(`${table}.${idColumn}`), '=', id)
        .where(siteScope(user))
        .executeTakeFirst();
      return row && { siteNum: row.site_num, siteGroupNum: row.site_group_num };
    },
  };
}

/**
 * A write with its line in the account's history, in one transaction: both or neither. No line
 * when `history` is undefined (a save that changed nothing).
 */
export function withChange<T>(db: Db, target: EditSite, history: HistoryChange | undefined, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await work(trx);
    if (history) await writeAccountChange(trx, target, history);
    return result;
  });
}

/** Deletes a row of a site's table with its line in the history. */
export async function deleteWithChange(
  db: Db,
  target: EditSite,
  row: { table: SiteRowTable; idColumn: string; id: number },
  history: HistoryChange,
): Promise<void> {
  await withChange(db, target, history, (trx) => trx.deleteFrom(row.table).where(sql.ref(row.idColumn), '=', row.id).execute());
}

/**
 * The scope, list and writes of a table whose rows hang off a site by site_num and change nothing
 * else (a schedule's window, a holiday): each row answered through `columns` and `record`, each
 * write with its line in the history.
 */
export function siteRows<V, Row, R>(
  db: Db,
  spec: {
    table: 'schedules' | 'schedule_holidays';
    idColumn: 'schedule_id' | 'holiday_id';
    columns: readonly SelectExpression<Database, 'schedules' | 'schedule_holidays'>[];
    /** The list's own order (an account's rows); by id when the list asks. */
    order: readonly string[];
    toColumns(values: V): Record<string, unknown>;
    record(row: Row): R;
  },
) {
  const { table, idColumn, columns } = spec;
  const answer = async (query: { executeTakeFirstOrThrow(): Promise<unknown> }) =>
    spec.record((await query.executeTakeFirstOrThrow()) as Row);
  return {
    /** The row's site within the user's scope; undefined when out of scope or missing. */
    siteOf(user: ScopeUser, id: number): Promise<EditSite | undefined> {
      return accountSites(db).siteOfRow(user, table, idColumn, id);
    },
    /** Every row of the account in the list's own order: what the rules check a change against. */
    async list(siteNum: number): Promise<R[]> {
      let query = db
        .selectFrom(table)
        .select(columns)
        .where(sql.ref(`${table}.site_num`), '=', siteNum);
      for (const column of spec.order) query = query.orderBy(sql.ref(column));
      return (await query.execute()).map((row) => spec.record(row as Row));
    },
    /** A page of the rows in the user's scope: the account's, or getMany's (siteRowsPage). */
    page(user: ScopeUser, query: ListQuery<SiteRowsFilter, 'id'>): Promise<{ items: R[]; total: number }> {
      const rows = db.selectFrom(table).innerJoin('sites', 'sites.site_num', `${table}.site_num`).select(columns);
      return siteRowsPage(rows, user, { id: `${table}.${idColumn}`, order: spec.order, record: (row) => spec.record(row as Row) }, query);
    },
    create(target: EditSite, values: V, history: HistoryChange): Promise<R> {
      return withChange(db, target, history, (trx) =>
        answer(
          trx
            .insertInto(table)
            .values({ site_num: target.siteNum, ...spec.toColumns(values) } as never)
            .returning(columns as never),
        ),
      );
    },
    update(target: EditSite, id: number, values: V, history: HistoryChange | undefined): Promise<R> {
      return withChange(db, target, history, (trx) =>
        answer(
          trx
            .updateTable(table)
            .set(spec.toColumns(values) as never)
            .where(sql.ref(idColumn), '=', id)
            .returning(columns as never),
        ),
      );
    },
    delete(target: EditSite, id: number, history: HistoryChange): Promise<void> {
      return deleteWithChange(db, target, { table, idColumn, id }, history);
    },
  };
}
