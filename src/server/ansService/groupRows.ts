import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** The answering service's tables of an account group's rows, and each one's id column. */
const ID_COLUMNS = { ans_auto_notify: 'rule_id', ans_on_call: 'entry_id', ans_hours_exceptions: 'exception_id' } as const;
type GroupTable = keyof typeof ID_COLUMNS;

/**
 * The one-row statements of a table of an account group's rows (auto-notify rules, the on-call
 * rota, dated exceptions): each names the group beside the row's id, so another group's row
 * answers undefined, as a missing one does.
 */
export function groupRows<T extends GroupTable>(db: Db, name: T) {
  type Row = Selectable<Database[T]>;
  // The statements are written once for the three tables; each answers the row type of its own.
  const table: GroupTable = name;
  const id = sql.ref(ID_COLUMNS[table]);
  const group = sql.ref('site_group_num');
  return {
    async get(site: number, rowId: number): Promise<Row | undefined> {
      return (await db.selectFrom(table).selectAll().where(id, '=', rowId).where(group, '=', site).executeTakeFirst()) as Row | undefined;
    },
    async insert(site: number, values: Omit<Insertable<Database[T]>, 'site_group_num'>): Promise<Row> {
      return (await db
        .insertInto(table)
        .values({ site_group_num: site, ...values } as never)
        .returningAll()
        .executeTakeFirstOrThrow()) as Row;
    },
    async update(site: number, rowId: number, values: Updateable<Database[T]>): Promise<Row | undefined> {
      return (await db
        .updateTable(table)
        .set(values as never)
        .where(id, '=', rowId)
        .where(group, '=', site)
        .returningAll()
        .executeTakeFirst()) as Row | undefined;
    },
    async remove(site: number, rowId: number): Promise<Row | undefined> {
      return (await db.deleteFrom(table).where(id, '=', rowId).where(group, '=', site).returningAll().executeTakeFirst()) as
        Row | undefined;
    },
  };
}
