import type { Generated } from 'kysely';
import type { Json } from './columns.js';

/** Billing: customers' invoices, and the station's invoices to dealers with their lines. */
export interface BillingTables {
  invoices: InvoicesTable;
  dealer_invoices: DealerInvoicesTable;
  dealer_invoice_lines: DealerInvoiceLinesTable;
}

/** A line of an invoice (invoices.lines). */
export interface InvoiceLineRow {
  description: string;
  quantity: number;
  unit_cents: number;
  amount_cents: number;
}

/** Invoices of an account (migration 0014; schemas/invoices.ts): 'overdue' is computed, not stored. */
/** The columns a customer's and a dealer's invoice share; date columns are 'YYYY-MM-DD' (the repositories select them with to_char). */
interface BilledColumns {
  number: string;
  issued_on: string;
  due_on: string;
  period_start: string;
  period_end: string;
  total_cents: number;
  paid_cents: Generated<number>;
  paid_on: string | null;
  status: Generated<'open' | 'paid' | 'void'>;
  currency: Generated<'USD' | 'CAD' | 'MXN'>;
}

export interface InvoicesTable extends BilledColumns {
  invoice_id: Generated<number>;
  site_num: number;
  site_group_num: number;
  lines: Json<InvoiceLineRow[]>;
  created_at: Generated<Date>;
}

/** What the station bills a dealer for a month (migration 0017; schemas/dealerInvoices.ts): 'overdue' is computed, not stored. */
export interface DealerInvoicesTable extends BilledColumns {
  dealer_invoice_id: Generated<number>;
  site_group_num: number;
  /** The first day of the month billed, 'YYYY-MM-DD'. */
  month: string;
  issuer_name: string;
  issuer_address: Generated<string[]>;
  issuer_phone: string | null;
  issuer_email: string | null;
  created_at: Generated<Date>;
}

/** One account's service on a dealer invoice (migration 0017); site_num and site_name null for the group's own lines. */
export interface DealerInvoiceLinesTable {
  line_id: Generated<number>;
  dealer_invoice_id: number;
  site_num: number | null;
  site_name: string | null;
  service: string;
  quantity: number;
  unit_cents: number;
  amount_cents: number;
}
