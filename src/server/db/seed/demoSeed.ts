import { DEMO_PASSWORD } from '../../../common/constants.js';
import { addressDisplay } from '../../../common/address.js';
import type { AuditAction } from '../../../common/auditActions.js';
import type { Db } from '../database.js';
import { seedAnsService } from './ansServiceSeed.js';
import { seedDealerBilling } from './dealerBillingSeed.js';
import { seedBanner } from './demo/banner.js';
import { linkCustomerAccounts, prepareCustomerSites } from './demo/customers.js';
import { seedFavoritesAndRecents } from './demo/favorites.js';
import { DEMO_GROUPS, insertDemoGroups } from './demo/groups.js';
import { DEMO_SEED, hashDemoSecret, insertChunked } from './demo/helpers.js';
import { seedNews } from './demo/news.js';
import { seedPrivacyPolicy } from './demo/privacy.js';
import { seedDemoReports } from './demo/reports.js';
import { seedSiteDraft } from './demo/siteDrafts.js';
import { hashAccountPasscodes } from './demo/accountPasscodes.js';
import { buildSites, insertSites } from './demo/sites.js';
import { demoTests, insertSiteTests } from './demo/siteTests.js';
import { seedStaffCustomerLink } from './demo/staffCustomer.js';
import { hashSecurityAnswers, seedDemoUsers } from './demo/users.js';
import { seedDocuments } from './documentsSeed.js';
import { demoInvoices } from './invoicesSeed.js';
import { mulberry32 } from './random.js';
import { seedSupportDemo } from './supportSeed.js';
import { seedSupportInbox } from './supportInboxSeed.js';
import { seedInvitedStaff } from './usersSeed.js';
import { seedDemoWebhooks } from './demo/webhooks.js';

/** True when no user exists yet: the demo seed only ever fills an empty database. */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select('user_id').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Fills an empty database with the demo data set (README lists the users), in one transaction:
 * four account groups, 260 sites with devices, zones, call lists, passcodes, schedules, agencies
 * and permits, premise phones and 60 days of alarm history (every status, site type and event kind
 * in each group; DEMO_SHOWCASE_SITES are accounts of group 9993 written out for the account view,
 * one with a busy history), news, the status banner, a privacy policy and five users, one per kind
 * the spec describes, plus two for recovery and registration (a dealer sharing dealer.classic's
 * email, a customer created by staff with a pending set-your-password link in the outbox) and three
 * accounts with a known account passcode. Deterministic apart from dates, which are relative to now.
 *
 * Each step is a module of demo/ (or a *Seed.ts beside this file). The accounts and then the
 * favourites draw from one seeded random sequence, `rng`: keep them in this order, or every
 * generated row changes.
 */
export async function seedDemo(db: Db, options: { log?: (msg: string) => void; publicUrl?: string } = {}): Promise<void> {
  const log = options.log ?? (() => undefined);
  const publicUrl = options.publicUrl ?? 'http://localhost:8080';
  const rng = mulberry32(DEMO_SEED);
  const now = Date.now();
  const started = now;

  const passwordHash = await hashDemoSecret(DEMO_PASSWORD);
  const answerHashes = await hashSecurityAnswers();
  const data = buildSites(rng, now);
  const onTest = demoTests(data, now);
  data.events.push(...onTest.events);
  data.events.sort((a, b) => (a.alarm_date as Date).getTime() - (b.alarm_date as Date).getTime());
  await hashAccountPasscodes(data);
  const customerSites = prepareCustomerSites(data, now);

  await db.transaction().execute(async (trx) => {
    await insertDemoGroups(trx);
    await insertSites(trx, data);
    log(`demo: ${data.sites.length} sites, ${data.devices.length} devices, ${data.zones.length} zones, ${data.events.length} alarm events`);

    const ids = await seedDemoUsers(trx, { passwordHash, answerHashes, now });
    await insertSiteTests(trx, onTest.tests, ids.beta);
    await linkCustomerAccounts(trx, { sites: data.info, customerSites, ids, now });

    // Billing: a year of invoices for group 9993's homes and businesses and a few others'.
    const invoices = demoInvoices(
      data.info,
      customerSites.map((s) => s.siteNum),
      now,
    );
    await insertChunked(trx, 'invoices', invoices);
    await seedDealerBilling(trx, data.info, now); // the station's invoices to dealers
    await seedAnsService(trx, data.info, ids.beta, now);
    await seedDocuments(trx, { staffUserId: ids.support, now });
    // Support's contact-us inbox and the dealer's change requests from the customer.
    const carter = customerSites[0].row;
    await seedSupportInbox(trx, {
      ids,
      now,
      customerSite: {
        siteNum: customerSites[0].siteNum,
        groupNum: 9993,
        address: addressDisplay({
          line1: carter.address_line1,
          line2: carter.address_line2 ?? null,
          city: carter.city,
          state: carter.state,
          postalCode: carter.postal_code,
        }),
      },
    });

    await seedSiteDraft(trx, ids.beta);
    await seedDemoReports(trx, { sites: data.info, userId: ids.beta, now });
    await seedDemoWebhooks(trx, { userId: ids.beta, now });
    await seedStaffCustomerLink(trx, { userId: ids.staffCustomer, publicUrl, now });
    // A staff member dealer.beta invited: the Users page lists them as invited.
    await seedInvitedStaff(trx, { invitedBy: ids.beta, publicUrl, now });
    // Support: a locked and a disabled user, sign-in attempts and a past impersonation of dealer.beta.
    await seedSupportDemo(trx, { passwordHash, supportUserId: ids.support, betaUserId: ids.beta, customerUserId: ids.customer, now });

    await seedFavoritesAndRecents(trx, rng, { sites: data.info, ids, now });

    await seedNews(trx, { authorId: ids.support, now });
    await seedBanner(trx, ids.support);
    await seedPrivacyPolicy(trx, {
      authorId: ids.support,
      acceptedBy: [ids.support, ids.beta, ids.classic, ids.customer, ids.summit],
      now,
    });

    await trx
      .insertInto('audit_log')
      .values({
        actor_user_id: null,
        impersonator_user_id: null,
        action: 'demo.seeded' satisfies AuditAction,
        target_type: null,
        target_id: null,
        ip: null,
        details: JSON.stringify({
          groups: DEMO_GROUPS.length,
          sites: data.sites.length,
          devices: data.devices.length,
          alarmEvents: data.events.length,
          invoices: invoices.length,
          users: Object.keys(ids).length,
        }),
      })
      .execute();
  });
  log(`demo: ${DEMO_GROUPS.length} account groups and 7 users seeded in ${Date.now() - started} ms`);
}
