import { sql, type Kysely } from 'kysely';

/**
 * Billing for customers (schemas/invoices.ts):
 * - invoices: the invoices (monthly statements) a dealer issued for an account, with their lines
 *   as jsonb (an invoice is read and printed whole, never queried by line). The stored status is
 *   open, paid or void; 'overdue' is an open invoice past due_on, computed when read. Amounts in
 *   cents of the invoice's currency; what is owed is total_cents - paid_cents.
 *   Listed per account newest first: (site_num, issued_on desc, invoice_id desc); per dealer
 *   (the dealer's billing): (site_group_num, issued_on desc).
 * - account_groups.billing_email, billing_phone: whom the customer contacts to pay (SPEC §2
 *   /billing: payment is the dealer's), shown beside the balance; null when the dealer gave none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table invoices (
      invoice_id serial primary key,
      site_num integer not null references sites on delete cascade,
      site_group_num integer not null references account_groups,
      number text not null unique,
      issued_on date not null,
      due_on date not null,
      period_start date not null,
      period_end date not null,
      total_cents integer not null check (total_cents >= 0),
      paid_cents integer not null default 0 check (paid_cents >= 0 and paid_cents <= total_cents),
      paid_on date,
      status text not null default 'open' check (status in ('open', 'paid', 'void')),
      currency text not null default 'USD' check (currency in ('USD', 'CAD', 'MXN')),
      lines jsonb not null default '[]',
      created_at timestamptz not null default now(),
      check (due_on >= issued_on),
      check (period_end >= period_start)
    );
    create index invoices_site_issued_idx on invoices (site_num, issued_on desc, invoice_id desc);
    create index invoices_group_issued_idx on invoices (site_group_num, issued_on desc);
    alter table account_groups add column billing_email text, add column billing_phone text;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table account_groups drop column billing_email, drop column billing_phone;
    drop table invoices;
  `.execute(db);
}
