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
export interface InvoicesTable {
  invoice_id: Generated<number>;
  site_num: number;
  site_group_num: number;
  number: string;
  /** date columns: written and read as 'YYYY-MM-DD' (the repository selects them with to_char). */
  issued_on: string;
  due_on: string;
  period_start: string;
  period_end: string;
  total_cents: number;
  paid_cents: Generated<number>;
  paid_on: string | null;
  status: Generated<'open' | 'paid' | 'void'>;
  currency: Generated<'USD' | 'CAD' | 'MXN'>;
  lines: Json<InvoiceLineRow[]>;
  created_at: Generated<Date>;
}

/** What the station bills a dealer for a month (migration 0017; schemas/dealerInvoices.ts): 'overdue' is computed, not stored. */
export interface DealerInvoicesTable {
  dealer_invoice_id: Generated<number>;
  site_group_num: number;
  number: string;
  /** date columns: 'YYYY-MM-DD' (month: the first day of the month billed). */
  month: string;
  issued_on: string;
  due_on: string;
  period_start: string;
  period_end: string;
  total_cents: number;
  paid_cents: Generated<number>;
  paid_on: string | null;
  status: Generated<'open' | 'paid' | 'void'>;
  currency: Generated<'USD' | 'CAD' | 'MXN'>;
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
