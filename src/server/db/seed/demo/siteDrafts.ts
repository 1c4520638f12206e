import type { Db } from '../../database.js';

/**
 * A Create New Account draft of dealer.beta, left at the zones step:
 * /site/create offers to resume it. Its transmitter is free on the platform
 * (the demo's codes are one letter and five digits).
 */
const DEMO_SITE_DRAFT = {
  step: 'zones',
  data: {
    account: { siteName: 'Lakeside Dental Clinic', siteType: 'commercial', timeZone: 'America/Chicago' },
    address: {
      country: 'US',
      line1: '400 Lakeshore Drive',
      line2: 'Suite 210',
      city: 'Evanston',
      state: 'IL',
      postalCode: '60201',
      phoneNumber: '(847) 555-0190',
    },
    devices: [{ transmitterCode: 'LD2026', panelType: 'DSC PowerSeries Neo', description: 'Front office panel' }],
    contacts: [
      {
        name: 'Dr. Amara Lindqvist',
        relation: 'Owner',
        phoneNumber: '847-555-0191',
        email: 'amara@example.com',
        verifies: true,
        hasKey: true,
      },
      { name: 'Luis Ortega', relation: 'Office manager', phoneNumber: '847.555.0192', email: '', verifies: true, hasKey: false },
    ],
    zones: [{ device: '0', zoneNum: '1', description: 'Front entrance', eventType: 'Burglary' }],
    passcodes: [],
  },
} as const;

/** Saves the draft as dealer.beta's (`userId`), in group 9993. */
export async function seedSiteDraft(db: Db, userId: number): Promise<void> {
  await db
    .insertInto('site_drafts')
    .values({ user_id: userId, site_group_num: 9993, step: DEMO_SITE_DRAFT.step, data: JSON.stringify(DEMO_SITE_DRAFT.data) })
    .execute();
}
