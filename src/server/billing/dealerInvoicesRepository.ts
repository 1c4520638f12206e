import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DealerInvoice, DealerInvoiceDetail, DealerInvoiceService, DealerInvoiceFilter } from '../../../schemas/dealerInvoices.js';
import type { InvoiceStatus } from '../../../schemas/invoices.js';
import { groupByAccount, monthOf, serviceTotals, type DealerLine } from '../../common/dealerBilling.js';
import type { Db } from '../db/database.js';
import { listPage } from '../db/listing.js';
import type { Database } from '../db/schema.js';
import { selectedGroupScope, type ScopeUser } from '../db/siteScope.js';
import { invoiceColumns, invoiceDay, invoiceFields, sortedBy, statusIs } from './invoiceQueryParts.js';

export type DealerInvoiceSortField = 'month' | 'dueOn' | 'totalCents' | 'balanceCents' | 'id';

export interface DealerInvoiceQuery {
  status?: InvoiceStatus;
  year?: number;
  ids?: DealerInvoiceFilter['id'];
  sort?: { field: DealerInvoiceSortField; order: 'asc' | 'desc' };
  offset: number;
  limit: number;
  /** YYYY-MM-DD (UTC): an open invoice due before this day is overdue. */
  today: string;
}

/** One line of an export: the invoice it is on and what one account was billed for. */
export interface DealerExportLine extends DealerLine {
  number: string;
  month: string;
  currency: DealerInvoice['currency'];
}

type Eb = ExpressionBuilder<Database, 'dealer_invoices'>;

const SORT_COLUMNS = {
  month: sql`dealer_invoices.month`,
  dueOn: sql`dealer_invoices.due_on`,
  totalCents: sql`dealer_invoices.total_cents`,
  balanceCents: sql`case when dealer_invoices.status = 'open' then dealer_invoices.total_cents - dealer_invoices.paid_cents else 0 end`,
  id: sql`dealer_invoices.dealer_invoice_id`,
} as const;

/** The tenant scope of dealer billing: the invoices of the user's selected account group (siteScope's rule for dealers). */
const groupScope = (user: ScopeUser) => selectedGroupScope('dealer_invoices.site_group_num', user);

/**
 * Billing for dealers: the station's monthly invoices of the selected account group.
 * Every query goes through groupScope, so another group's invoice answers undefined, as a missing
 * one does.
 */
export function dealerInvoicesRepository(db: Db) {
  const invoices = (user: ScopeUser) =>
    db
      .selectFrom('dealer_invoices')
      .where(groupScope(user))
      .select([
        'dealer_invoices.dealer_invoice_id',
        ...invoiceColumns('dealer_invoices'),
        invoiceDay('dealer_invoices', 'month').as('month'),
        'dealer_invoices.issuer_name',
        'dealer_invoices.issuer_address',
        'dealer_invoices.issuer_phone',
        'dealer_invoices.issuer_email',
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof invoices>['executeTakeFirstOrThrow']>>;

  /** Per invoice: the service totals and the number of accounts billed. */
  async function summaries(ids: number[]) {
    const out = new Map<number, { services: DealerInvoice['services']; accountCount: number }>();
    if (!ids.length) return out;
    const [byService, accounts] = await Promise.all([
      db
        .selectFrom('dealer_invoice_lines')
        .select(['dealer_invoice_id', 'service', sql<number>`sum(amount_cents)`.as('amount')])
        .where('dealer_invoice_id', 'in', ids)
        .groupBy(['dealer_invoice_id', 'service'])
        .execute(),
      db
        .selectFrom('dealer_invoice_lines')
        .select(['dealer_invoice_id', sql<number>`count(distinct site_num)`.as('accounts')])
        .where('dealer_invoice_id', 'in', ids)
        .groupBy('dealer_invoice_id')
        .execute(),
    ]);
    for (const id of ids) {
      const rows = byService.filter((r) => r.dealer_invoice_id === id);
      out.set(id, {
        services: serviceTotals(rows.map((r) => ({ service: r.service as DealerInvoiceService, amountCents: Number(r.amount) }))),
        accountCount: Number(accounts.find((r) => r.dealer_invoice_id === id)?.accounts ?? 0),
      });
    }
    return out;
  }

  function record(row: Row, summary: { services: DealerInvoice['services']; accountCount: number }, today: string): DealerInvoice {
    return {
      ...invoiceFields(row.dealer_invoice_id, row, today),
      month: monthOf(row.month),
      accountCount: summary.accountCount,
      services: summary.services,
    };
  }

  const linesOf = (ids: number[]) =>
    db
      .selectFrom('dealer_invoice_lines')
      .select(['dealer_invoice_id', 'site_num', 'site_name', 'service', 'quantity', 'unit_cents', 'amount_cents'])
      .where('dealer_invoice_id', 'in', ids)
      .orderBy('dealer_invoice_id')
      .orderBy(sql`site_num nulls last`)
      .orderBy('line_id')
      .execute();

  const lineOf = (l: Awaited<ReturnType<typeof linesOf>>[number]): DealerLine => ({
    siteNum: l.site_num,
    siteName: l.site_name,
    service: l.service as DealerInvoiceService,
    quantity: l.quantity,
    unitCents: l.unit_cents,
    amountCents: l.amount_cents,
  });

  return {
    /** One page of the group's invoices and the total that matched; newest month first unless sorted. */
    async list(user: ScopeUser, query: DealerInvoiceQuery): Promise<{ items: DealerInvoice[]; total: number }> {
      const where = (eb: Eb) => {
        const conditions: Expression<SqlBool>[] = [groupScope(user)];
        if (query.status) conditions.push(statusIs(eb, 'dealer_invoices', query.status, query.today));
        if (query.year !== undefined) conditions.push(eb.between('dealer_invoices.month', `${query.year}-01-01`, `${query.year}-12-01`));
        if (query.ids) conditions.push(query.ids.length ? eb('dealer_invoices.dealer_invoice_id', 'in', query.ids) : eb.lit(false));
        return eb.and(conditions);
      };
      const matching = invoices(user).where(where);
      let page = matching;
      if (query.sort) page = page.orderBy(sortedBy(query.sort, SORT_COLUMNS));
      page = page.orderBy('dealer_invoices.month', 'desc').orderBy('dealer_invoices.dealer_invoice_id', 'desc');
      const { rows, total } = await listPage(page, matching, query);
      const sums = await summaries(rows.map((r) => r.dealer_invoice_id));
      return { items: rows.map((row) => record(row, sums.get(row.dealer_invoice_id)!, query.today)), total };
    },

    /** One invoice of the group with what each account was billed for, or undefined. */
    async get(user: ScopeUser, invoiceId: number, today: string): Promise<DealerInvoiceDetail | undefined> {
      const row = await invoices(user).where('dealer_invoices.dealer_invoice_id', '=', invoiceId).executeTakeFirst();
      if (!row) return undefined;
      const [sums, lines, group] = await Promise.all([
        summaries([invoiceId]),
        linesOf([invoiceId]),
        db
          .selectFrom('account_groups')
          .select(['site_group_name', 'dealer_number'])
          .where('site_group_num', '=', row.site_group_num)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        ...record(row, sums.get(invoiceId)!, today),
        issuer: { name: row.issuer_name, address: row.issuer_address, phone: row.issuer_phone, email: row.issuer_email },
        dealerName: group.site_group_name,
        dealerNumber: group.dealer_number,
        accounts: groupByAccount(lines.map(lineOf)),
      };
    },

    /** The invoices of an export (every one of the group, or one) and their lines, newest month first. */
    async exportData(user: ScopeUser, invoiceId: number | undefined, today: string) {
      let query = invoices(user);
      if (invoiceId !== undefined) query = query.where('dealer_invoices.dealer_invoice_id', '=', invoiceId);
      const rows = await query.orderBy('dealer_invoices.month', 'desc').execute();
      const ids = rows.map((r) => r.dealer_invoice_id);
      const [sums, lines] = await Promise.all([summaries(ids), ids.length ? linesOf(ids) : Promise.resolve([])]);
      const byId = new Map(rows.map((r) => [r.dealer_invoice_id, r]));
      // The lines come by invoice id: put them in the invoices' order (newest month first).
      const position = new Map(ids.map((id, i) => [id, i]));
      const exported: DealerExportLine[] = lines
        .map((line) => {
          const invoice = byId.get(line.dealer_invoice_id)!;
          return { ...lineOf(line), number: invoice.number, month: monthOf(invoice.month), currency: invoice.currency };
        })
        .map((line, i) => ({ line, i, at: position.get(lines[i].dealer_invoice_id)! }))
        .sort((a, b) => a.at - b.at || a.i - b.i)
        .map(({ line }) => line);
      return { invoices: rows.map((row) => record(row, sums.get(row.dealer_invoice_id)!, today)), lines: exported };
    },
  };
}
