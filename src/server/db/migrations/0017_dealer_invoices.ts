import { sql, type Kysely } from 'kysely';

/**
 * Billing for dealers (schemas/dealerInvoices.ts): what the monitoring station bills a
 * dealer (an account group) each month for all its accounts. Not the customers' invoices
 * (migration 0014, what the dealer bills its customers): the dealer's own bill.
 * - dealer_invoices: one per account group and month (`month`, the first day of it), with whom it
 *   is from (the station: issuer_*), its days, totals in cents, the stored status (open, paid,
 *   void; 'overdue' is open past due_on, computed when read as for customers' invoices).
 * - dealer_invoice_lines: what each account was billed for: one line per account and service
 *   (monitoring, cellular, ...). site_num and site_name are as billed (an invoice is a record:
 *   a later rename or removal of the account does not change it); both null for a line of the
 *   group as a whole (the answering service). Listed by invoice, then account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table dealer_invoices (
      dealer_invoice_id serial primary key,
      site_group_num integer not null references account_groups,
      number text not null unique,
      month date not null check (extract(day from month) = 1),
      issued_on date not null,
      due_on date not null,
      period_start date not null,
      period_end date not null,
      total_cents integer not null check (total_cents >= 0),
      paid_cents integer not null default 0 check (paid_cents >= 0 and paid_cents <= total_cents),
      paid_on date,
      status text not null default 'open' check (status in ('open', 'paid', 'void')),
      currency text not null default 'USD' check (currency in ('USD', 'CAD', 'MXN')),
      issuer_name text not null,
      issuer_address text[] not null default '{}',
      issuer_phone text,
      issuer_email text,
      created_at timestamptz not null default now(),
      unique (site_group_num, month),
      check (due_on >= issued_on),
      check (period_end >= period_start)
    );
    create index dealer_invoices_group_month_idx on dealer_invoices (site_group_num, month desc);
    create table dealer_invoice_lines (
      line_id serial primary key,
      dealer_invoice_id integer not null references dealer_invoices on delete cascade,
      site_num integer,
      site_name text,
      service text not null check (service in (
        'monitoringResidential', 'monitoringCommercial', 'monitoringFire', 'cellular', 'interactive', 'video', 'dispatch', 'answeringService'
      )),
      quantity integer not null check (quantity >= 0),
      unit_cents integer not null check (unit_cents >= 0),
      amount_cents integer not null check (amount_cents >= 0),
      check ((site_num is null) = (site_name is null))
    );
    create index dealer_invoice_lines_invoice_idx on dealer_invoice_lines (dealer_invoice_id, site_num, line_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table dealer_invoice_lines;
    drop table dealer_invoices;
  `.execute(db);
}
