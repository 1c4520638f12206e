import type { Insertable } from 'kysely';
import type { DealerInvoiceService } from '../../../../schemas/dealerInvoices.js';
import type { Db } from '../database.js';
import type { DealerInvoiceLinesTable } from '../schema.js';
import type { BilledSite } from './invoicesSeed.js';
import { chance, mulberry32, randomInt } from './random.js';

/** Months of station invoices per group. */
export const DEMO_DEALER_INVOICE_MONTHS = 12;
/** The groups the station bills in the demo: dealer.beta's two. */
const DEMO_DEALER_BILLED_GROUPS = [9993, 4120] as const;
/** Days from issue to due. */
const TERMS_DAYS = 30;
const DAY_MS = 86_400_000;
const CHUNK = 500;

/** Who bills the dealers: the monitoring station. */
export const DEMO_STATION = {
  name: 'Sentinel Central Station',
  address: ['1200 Commerce Drive, Suite 400', 'Itasca, IL 60143'],
  phone: '+16305550100',
  email: 'dealer.billing@sentinel-station.example.com',
} as const;

/** The station's wholesale prices, in cents per account and month (dispatch: per dispatch; video: per camera). */
const PRICES: Record<DealerInvoiceService, number> = {
  monitoringResidential: 1250,
  monitoringCommercial: 1875,
  monitoringFire: 950,
  cellular: 500,
  interactive: 350,
  video: 800,
  dispatch: 300,
  answeringService: 14900,
};

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The demo's station invoices: twelve months for groups 9993 and 4120, one invoice per
 * month issued on its first day (service billed in advance, due in 30 days), a line per account
 * and service: monitoring by the kind of premises (fire monitoring too for industrial and
 * institutional ones), cellular, interactive, video by cameras, dispatches now and then, and the
 * answering service of 9993 as the group's own line. A few accounts join during the year. The
 * current month is open; 4120 has last month's unpaid (overdue); the rest are paid.
 */
export async function seedDealerBilling(db: Db, sites: readonly BilledSite[], now: number): Promise<void> {
  const rng = mulberry32(15_0017);
  const today = new Date(now);
  const monthStart = (k: number) => Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - k, 1);
  for (const group of DEMO_DEALER_BILLED_GROUPS) {
    const accounts = sites
      .filter((s) => s.groupNum === group)
      .map((site, i, all) => {
        const type = site.row.site_type ?? 'residential';
        return {
          site,
          type,
          // The last tenth of the accounts joined during the year.
          since: i >= all.length * 0.9 ? randomInt(rng, 0, DEMO_DEALER_INVOICE_MONTHS - 1) : DEMO_DEALER_INVOICE_MONTHS,
          cellular: chance(rng, 0.6),
          interactive: type === 'residential' && chance(rng, 0.5),
          cameras: chance(rng, 0.15) ? randomInt(rng, 1, 4) : 0,
        };
      });
    for (let k = DEMO_DEALER_INVOICE_MONTHS - 1; k >= 0; k--) {
      const start = monthStart(k);
      const lines: Omit<Insertable<DealerInvoiceLinesTable>, 'dealer_invoice_id'>[] = [];
      const add = (site: BilledSite | null, service: DealerInvoiceService, quantity = 1) =>
        lines.push({
          site_num: site?.siteNum ?? null,
          site_name: site ? site.row.site_name : null,
          service,
          quantity,
          unit_cents: PRICES[service],
          amount_cents: PRICES[service] * quantity,
        });
      for (const a of accounts) {
        if (a.since < k) continue;
        add(a.site, a.type === 'residential' ? 'monitoringResidential' : 'monitoringCommercial');
        if (a.type === 'industrial' || a.type === 'institutional') add(a.site, 'monitoringFire');
        if (a.cellular) add(a.site, 'cellular');
        if (a.interactive) add(a.site, 'interactive');
        if (a.cameras) add(a.site, 'video', a.cameras);
        if (chance(rng, 0.08)) add(a.site, 'dispatch', randomInt(rng, 1, 2));
      }
      if (group === 9993) add(null, 'answeringService');
      const total = lines.reduce((sum, l) => sum + l.amount_cents, 0);
      const open = k === 0 || (group === 4120 && k === 1);
      const month = new Date(start);
      const { dealer_invoice_id } = await db
        .insertInto('dealer_invoices')
        .values({
          site_group_num: group,
          number: `ST-${group}-${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, '0')}`,
          month: iso(start),
          issued_on: iso(start),
          due_on: iso(start + TERMS_DAYS * DAY_MS),
          period_start: iso(start),
          period_end: iso(monthStart(k - 1) - DAY_MS),
          total_cents: total,
          paid_cents: open ? 0 : total,
          paid_on: open ? null : iso(start + randomInt(rng, 8, TERMS_DAYS - 2) * DAY_MS),
          status: open ? 'open' : 'paid',
          currency: 'USD',
          issuer_name: DEMO_STATION.name,
          issuer_address: [...DEMO_STATION.address],
          issuer_phone: DEMO_STATION.phone,
          issuer_email: DEMO_STATION.email,
        })
        .returning('dealer_invoice_id')
        .executeTakeFirstOrThrow();
      for (let i = 0; i < lines.length; i += CHUNK)
        await db
          .insertInto('dealer_invoice_lines')
          .values(lines.slice(i, i + CHUNK).map((l) => ({ ...l, dealer_invoice_id })))
          .execute();
    }
  }
}
