import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { InvoiceStatus } from '../../../schemas/invoices.js';
import { balanceCents, invoiceStatus } from '../../common/billing.js';
import type { Database, InvoicesTable } from '../db/schema.js';

/**
 * What the customer's invoices (invoicesRepository.ts, table invoices) and the station's invoices
 * to dealers (dealerInvoicesRepository.ts, table dealer_invoices) read alike: the shown status as
 * SQL, a simple-rest sort, and the fields both answer. Each repository keeps its own scope,
 * columns and tie-breakers.
 */

type InvoiceTable = 'invoices' | 'dealer_invoices';

/** The shown status as SQL (common/billing.ts invoiceStatus): 'overdue' is not stored, it is open and past due. */
export function statusIs<TB extends keyof Database>(
  eb: ExpressionBuilder<Database, TB>,
  table: InvoiceTable,
  status: InvoiceStatus,
  today: string,
): Expression<SqlBool> {
  const stored = sql.ref(`${table}.status`);
  const dueOn = sql.ref(`${table}.due_on`);
  if (status === 'overdue') return eb.and([eb(stored, '=', 'open'), eb(dueOn, '<', today)]);
  if (status === 'open') return eb.and([eb(stored, '=', 'open'), eb(dueOn, '>=', today)]);
  return eb(stored, '=', status);
}

/** A simple-rest sort as an ORDER BY term: the field's column (each table's own), then the direction. */
export function sortedBy<F extends string>(sort: { field: F; order: 'asc' | 'desc' }, columns: Record<F, RawBuilder<unknown>>) {
  return sql`${columns[sort.field]} ${sort.order === 'asc' ? sql`asc` : sql`desc`}`;
}

/** The columns both tables have, as selected (days as YYYY-MM-DD). */
export type InvoiceRow = Pick<
  Selectable<InvoicesTable>,
  | 'site_group_num'
  | 'number'
  | 'issued_on'
  | 'due_on'
  | 'period_start'
  | 'period_end'
  | 'total_cents'
  | 'paid_cents'
  | 'paid_on'
  | 'status'
  | 'currency'
>;

/** The fields both invoices answer, from a row: the shown status (open past due is overdue) and the balance it leaves. */
export function invoiceFields(id: number, row: InvoiceRow, today: string) {
  const status = invoiceStatus(row.status, row.due_on, today);
  return {
    id,
    invoiceId: id,
    siteGroupNum: row.site_group_num,
    number: row.number,
    issuedOn: row.issued_on,
    dueOn: row.due_on,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    totalCents: row.total_cents,
    paidCents: row.paid_cents,
    balanceCents: balanceCents({ status, totalCents: row.total_cents, paidCents: row.paid_cents }),
    paidOn: row.paid_on,
    status,
    currency: row.currency,
  };
}

/** A date column of a table as 'YYYY-MM-DD' (InvoiceRow's days). */
export const invoiceDay = <T = string>(table: InvoiceTable, column: string) =>
  sql<T>`to_char(${sql.ref(`${table}.${column}`)}, 'YYYY-MM-DD')`;

/** The columns of InvoiceRow as either table selects them, its days as 'YYYY-MM-DD'. */
export function invoiceColumns(table: InvoiceTable) {
  const column = <K extends keyof InvoiceRow>(name: K) => sql.ref<InvoiceRow[K]>(`${table}.${name}`).as(name);
  const day = <K extends 'issued_on' | 'due_on' | 'period_start' | 'period_end' | 'paid_on'>(name: K) =>
    invoiceDay<InvoiceRow[K]>(table, name).as(name);
  return [
    column('site_group_num'),
    column('number'),
    day('issued_on'),
    day('due_on'),
    day('period_start'),
    day('period_end'),
    column('total_cents'),
    column('paid_cents'),
    day('paid_on'),
    column('status'),
    column('currency'),
  ] as const;
}
