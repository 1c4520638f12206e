import type { Db } from '../../database.js';
import { DAY_MS, insertChunked } from './helpers.js';
import { nextDate, type SiteData, type SiteInfo } from './sites.js';

/** The homes of the live-alarm group 9993: the customers' linked accounts are the first three. */
const liveAlarmHomes = (sites: readonly SiteInfo[]) => sites.filter((site) => site.groupNum === 9993 && site.residential);

/**
 * The customer's two linked accounts: the first two homes of the live-alarm group, made the
 * Carters' before the sites are inserted.
 */
export function prepareCustomerSites(data: SiteData, now: number): SiteInfo[] {
  const customerSites = liveAlarmHomes(data.info).slice(0, 2);
  customerSites[0].row.site_name = 'Carter Residence';
  customerSites[1].row.site_name = 'Carter Lake House';
  for (const site of customerSites) {
    Object.assign(site.firstContact, { name: 'Casey Carter', email: 'customer@example.com', relation: 'Owner' });
  }
  // A home has no business hours, but the Carters' cleaners come twice a week: the customer's
  // Schedules screen shows a schedule to read and edit, not only its empty state.
  for (const day of [2, 5]) {
    data.schedules.push({
      site_num: customerSites[0].row.site_num,
      name: 'Cleaners',
      day_of_week: day,
      opens_at: '09:00',
      closes_at: '12:00',
    });
  }
  // ...except on New Year's Day: the customer's holidays list has one to read too.
  data.holidays.push({
    site_num: customerSites[0].row.site_num,
    date: nextDate(now, 1, 1),
    name: "New Year's Day",
    opens_at: null,
    closes_at: null,
  });
  return customerSites;
}

/** The customers' linked accounts: customer@example.com's two, and the third home for the customer without roles. */
export async function linkCustomerAccounts(
  db: Db,
  {
    sites,
    customerSites,
    ids,
    now,
  }: { sites: readonly SiteInfo[]; customerSites: readonly SiteInfo[]; ids: Record<string, number>; now: number },
): Promise<void> {
  await insertChunked(
    db,
    'msa_account_links',
    customerSites.map((s, i) => ({
      user_id: ids.customer,
      site_num: s.siteNum,
      is_default: i === 0,
      created_at: new Date(now - (60 - i) * DAY_MS),
    })),
  );
  // The customer without roles: one linked account (the third home of the live-alarm group).
  const basicSite = liveAlarmHomes(sites)[2];
  await db.insertInto('msa_account_links').values({ user_id: ids.basicCustomer, site_num: basicSite.siteNum, is_default: true }).execute();
}
