import type { Insertable } from 'kysely';
import { currencyOf } from '../../../common/billing.js';
import type { InvoiceLineRow, InvoicesTable, SitesTable } from '../schema.js';
import { chance, mulberry32, randomInt, type Random } from './random.js';

/** A site the demo bills: its row as seeded. */
export interface BilledSite {
  siteNum: number;
  groupNum: number;
  row: Insertable<SitesTable>;
}

const DAY_MS = 86_400_000;
/** Invoices per account: a year of monthly statements. */
export const DEMO_INVOICE_MONTHS = 12;
/** Days between an invoice and its due day. */
const TERMS_DAYS = 21;
/** Other groups' accounts that get invoices too (so the scope has something to keep out). */
const OTHER_GROUP_SITES = 3;

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Monthly prices in cents by the kind of premises. */
const PLANS = {
  residential: { monitoring: 3499, label: 'Residential alarm monitoring' },
  commercial: { monitoring: 6999, label: 'Commercial alarm monitoring' },
} as const;

function line(description: string, unitCents: number, quantity = 1): InvoiceLineRow {
  return { description, quantity, unit_cents: unitCents, amount_cents: unitCents * quantity };
}

/** The lines of one month: monitoring, the site's add-ons, and now and then a service call. */
function monthLines(
  rng: Random,
  kind: keyof typeof PLANS,
  addOns: { cellular: boolean; interactive: boolean },
  serviceCall: boolean,
): InvoiceLineRow[] {
  const lines = [line(PLANS[kind].label, PLANS[kind].monitoring)];
  if (addOns.cellular) lines.push(line('Cellular backup communicator (LTE)', 999));
  if (addOns.interactive) lines.push(line('Interactive services and mobile app', 1000));
  if (serviceCall) {
    lines.push(line('Service call: technician visit (1 hour)', 9500));
    lines.push(
      chance(rng, 0.5) ? line('Replacement door/window sensor', 2450, randomInt(rng, 1, 3)) : line('Backup battery, 12 V 7 Ah', 3200),
    );
  }
  return lines;
}

/**
 * The demo invoices: a year of monthly statements for every residential and commercial
 * account of group 9993 (the customer's two linked accounts among them) and for a few accounts of
 * each other group. Issued on the same day each month, the latest a few days ago (open, due in
 * about two weeks); older ones mostly paid a few days after issue. The customer's first account,
 * 'Carter Residence', has last month's unpaid (overdue), a service call and one void invoice; a few
 * other accounts have an overdue one. Deterministic apart from dates, which follow `now`.
 */
export function demoInvoices(sites: readonly BilledSite[], customerSiteNums: readonly number[], now: number): Insertable<InvoicesTable>[] {
  const rng = mulberry32(14_0014);
  const perGroup = new Map<number, number>();
  const billed = sites.filter((site) => {
    const type = site.row.site_type ?? 'residential';
    if (type !== 'residential' && type !== 'commercial') return false;
    if (site.groupNum === 9993) return true;
    const count = perGroup.get(site.groupNum) ?? 0;
    perGroup.set(site.groupNum, count + 1);
    return count < OTHER_GROUP_SITES;
  });
  // The billing day of every month: the day of the month five days ago (at most the 28th, so every month has it).
  const anchor = new Date(now - 5 * DAY_MS);
  const billingDay = Math.min(anchor.getUTCDate(), 28);
  const issueDay = (k: number) => Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth() - k, billingDay);

  const rows: Insertable<InvoicesTable>[] = [];
  for (const site of billed) {
    const kind = site.row.site_type === 'commercial' ? 'commercial' : 'residential';
    const carter = site.siteNum === customerSiteNums[0];
    const addOns = { cellular: carter || chance(rng, 0.6), interactive: kind === 'residential' && (carter || chance(rng, 0.5)) };
    const lateMonth = !carter && chance(rng, 0.12) ? 1 : 0;
    for (let k = DEMO_INVOICE_MONTHS - 1; k >= 0; k--) {
      const issued = issueDay(k);
      const periodEnd = issueDay(k - 1) - DAY_MS;
      const due = issued + TERMS_DAYS * DAY_MS;
      const serviceCall = carter ? k === 3 : chance(rng, 0.06);
      const lines = monthLines(rng, kind, addOns, serviceCall);
      const total = lines.reduce((sum, l) => sum + l.amount_cents, 0);
      let status: 'open' | 'paid' | 'void' = 'paid';
      if (k === 0) status = 'open';
      else if (carter && k === 1) status = 'open';
      else if (k === lateMonth) status = 'open';
      else if (carter && k === 6) status = 'void';
      const paidOn = status === 'paid' ? iso(issued + randomInt(rng, 2, TERMS_DAYS - 2) * DAY_MS) : null;
      const month = new Date(issued);
      rows.push({
        site_num: site.siteNum,
        site_group_num: site.groupNum,
        number: `INV-${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, '0')}-${site.siteNum}`,
        issued_on: iso(issued),
        due_on: iso(due),
        period_start: iso(issued),
        period_end: iso(periodEnd),
        total_cents: total,
        paid_cents: status === 'paid' ? total : 0,
        paid_on: paidOn,
        status,
        currency: currencyOf(site.row.country ?? 'US'),
        lines: JSON.stringify(lines),
      });
    }
  }
  return rows;
}
