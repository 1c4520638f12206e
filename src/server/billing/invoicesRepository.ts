import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { BillingPayee, BillingSummary, Invoice, InvoiceStatus } from '../../../schemas/invoices.js';
import { currencyOf, invoiceStatus } from '../../common/billing.js';
import type { Db } from '../db/database.js';
import { listPage } from '../db/listing.js';
import type { Database, InvoiceLineRow } from '../db/schema.js';
import { siteScope, type ScopeUser } from '../db/siteScope.js';
import { invoiceColumns, invoiceDay, invoiceFields, sortedBy, statusIs, type InvoiceRow } from './invoiceQueryParts.js';

/** A site the user may reach, with what billing shows of it. */
export interface BillingSite {
  siteNum: number;
  siteName: string;
  siteGroupNum: number;
  country: string;
  /** The address lines, as the PDF's 'Bill to' prints them. */
  address: string[];
}

export type InvoiceSortField = 'issuedOn' | 'dueOn' | 'number' | 'totalCents' | 'balanceCents' | 'id';

export interface InvoiceQuery {
  /** The account; undefined: every account the user reaches (react-admin's getMany by id). */
  siteNum?: number;
  status?: InvoiceStatus;
  ids?: number[];
  sort?: { field: InvoiceSortField; order: 'asc' | 'desc' };
  offset: number;
  limit: number;
  /** YYYY-MM-DD (UTC): an open invoice due before this day is overdue. */
  today: string;
}

type Eb = ExpressionBuilder<Database, 'invoices' | 'sites'>;

const owed = sql<number>`(invoices.total_cents - invoices.paid_cents)`;

const SORT_COLUMNS = {
  issuedOn: sql`invoices.issued_on`,
  dueOn: sql`invoices.due_on`,
  number: sql`invoices.number`,
  totalCents: sql`invoices.total_cents`,
  balanceCents: sql`case when invoices.status = 'open' then invoices.total_cents - invoices.paid_cents else 0 end`,
  id: sql`invoices.invoice_id`,
} as const;

interface InvoiceRowSelected extends InvoiceRow {
  invoice_id: number;
  site_num: number;
  site_name: string;
  lines: InvoiceLineRow[] | string;
}

function invoiceRecord(row: InvoiceRowSelected, today: string): Invoice {
  const lines = typeof row.lines === 'string' ? (JSON.parse(row.lines) as InvoiceLineRow[]) : row.lines;
  return {
    ...invoiceFields(row.invoice_id, row, today),
    siteNum: row.site_num,
    siteName: row.site_name,
    lines: lines.map((l) => ({ description: l.description, quantity: l.quantity, unitCents: l.unit_cents, amountCents: l.amount_cents })),
  };
}

/**
 * Billing for customers: the invoices of the accounts a user reaches. The tenant scope
 * is applied here: every query reaches invoices through a site within siteScope(user) (a customer:
 * the linked accounts), so another account's invoice answers undefined, as a missing one does.
 */
export function invoicesRepository(db: Db) {
  const invoices = (user: ScopeUser) =>
    db
      .selectFrom('invoices')
      .innerJoin('sites', 'sites.site_num', 'invoices.site_num')
      .where(siteScope(user))
      .select(['invoices.invoice_id', 'invoices.site_num', 'sites.site_name', ...invoiceColumns('invoices'), 'invoices.lines']);

  /** Whom to pay for an account: its dealer (the account group) and the contact it gave for billing. */
  async function payee(siteGroupNum: number): Promise<BillingPayee> {
    const group = await db
      .selectFrom('account_groups')
      .select(['site_group_name', 'dealer_number', 'billing_phone', 'billing_email'])
      .where('site_group_num', '=', siteGroupNum)
      .executeTakeFirstOrThrow();
    return { name: group.site_group_name, dealerNumber: group.dealer_number, phone: group.billing_phone, email: group.billing_email };
  }

  return {
    payee,

    /** The site within the user's scope, or undefined. */
    async site(user: ScopeUser, siteNum: number): Promise<BillingSite | undefined> {
      const row = await db
        .selectFrom('sites')
        .select(['site_num', 'site_name', 'site_group_num', 'country', 'address_line1', 'address_line2', 'city', 'state', 'postal_code'])
        .where('sites.site_num', '=', siteNum)
        .where(siteScope(user))
        .executeTakeFirst();
      return (
        row && {
          siteNum: row.site_num,
          siteName: row.site_name,
          siteGroupNum: row.site_group_num,
          country: row.country,
          address: [row.address_line1, row.address_line2, `${row.city}, ${row.state} ${row.postal_code}`].filter(
            (line): line is string => !!line,
          ),
        }
      );
    },

    /** One page of invoices within scope and the total that matched; newest first unless sorted. */
    async list(user: ScopeUser, query: InvoiceQuery): Promise<{ items: Invoice[]; total: number }> {
      const where = (eb: Eb) => {
        const conditions: Expression<SqlBool>[] = [];
        if (query.siteNum !== undefined) conditions.push(eb('invoices.site_num', '=', query.siteNum));
        if (query.status) conditions.push(statusIs(eb, 'invoices', query.status, query.today));
        if (query.ids) conditions.push(query.ids.length ? eb('invoices.invoice_id', 'in', query.ids) : eb.lit(false));
        return eb.and(conditions);
      };
      const matching = invoices(user).where(where);
      let page = matching;
      if (query.sort) page = page.orderBy(sortedBy(query.sort, SORT_COLUMNS));
      page = page.orderBy('invoices.issued_on', 'desc').orderBy('invoices.invoice_id', 'desc');
      const { rows, total } = await listPage(page, matching, query);
      return { items: rows.map((row) => invoiceRecord(row, query.today)), total };
    },

    /** One invoice within scope, or undefined (another account's answers as a missing one). */
    async get(user: ScopeUser, invoiceId: number, today: string): Promise<Invoice | undefined> {
      const row = await invoices(user).where('invoices.invoice_id', '=', invoiceId).executeTakeFirst();
      return row && invoiceRecord(row, today);
    },

    /** The dealer's logo URL (for the PDF), or null. */
    async logoUrl(siteGroupNum: number): Promise<string | null> {
      const group = await db
        .selectFrom('account_groups')
        .select('header_logo_url')
        .where('site_group_num', '=', siteGroupNum)
        .executeTakeFirst();
      return group?.header_logo_url ?? null;
    },

    /** One reachable account's billing at a glance (the site already checked to be in scope). */
    async summary(site: BillingSite, today: string): Promise<BillingSummary> {
      const open = db.selectFrom('invoices').where('invoices.site_num', '=', site.siteNum).where('invoices.status', '=', 'open');
      const [totals, next, lastPaid, latest, dealer] = await Promise.all([
        open
          .select([
            sql<number>`coalesce(sum(${owed}), 0)`.as('balance'),
            sql<number>`coalesce(sum(${owed}) filter (where invoices.due_on < ${today}), 0)`.as('overdue'),
            sql<number>`count(*) filter (where invoices.due_on >= ${today})`.as('open_count'),
            sql<number>`count(*) filter (where invoices.due_on < ${today})`.as('overdue_count'),
          ])
          .executeTakeFirstOrThrow(),
        open
          .select(['invoices.invoice_id', 'invoices.number', invoiceDay('invoices', 'due_on').as('due_on'), owed.as('owed')])
          .orderBy('invoices.due_on')
          .orderBy('invoices.invoice_id')
          .limit(1)
          .executeTakeFirst(),
        db
          .selectFrom('invoices')
          .select([invoiceDay<string | null>('invoices', 'paid_on').as('paid_on'), 'invoices.paid_cents'])
          .where('invoices.site_num', '=', site.siteNum)
          .where('invoices.paid_on', 'is not', null)
          .orderBy('invoices.paid_on', 'desc')
          .orderBy('invoices.invoice_id', 'desc')
          .limit(1)
          .executeTakeFirst(),
        db
          .selectFrom('invoices')
          .select('invoices.currency')
          .where('invoices.site_num', '=', site.siteNum)
          .orderBy('invoices.issued_on', 'desc')
          .limit(1)
          .executeTakeFirst(),
        payee(site.siteGroupNum),
      ]);
      return {
        siteNum: site.siteNum,
        siteName: site.siteName,
        currency: latest?.currency ?? currencyOf(site.country),
        balanceCents: Number(totals.balance),
        overdueCents: Number(totals.overdue),
        openCount: Number(totals.open_count),
        overdueCount: Number(totals.overdue_count),
        nextDue: next
          ? {
              invoiceId: next.invoice_id,
              number: next.number,
              dueOn: next.due_on,
              balanceCents: Number(next.owed),
              status: invoiceStatus('open', next.due_on, today),
            }
          : null,
        lastPayment: lastPaid?.paid_on ? { paidOn: lastPaid.paid_on, amountCents: lastPaid.paid_cents } : null,
        payee: dealer,
      };
    },
  };
}
