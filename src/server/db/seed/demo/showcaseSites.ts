import type { SiteStatus, SiteType, SiteWarning } from '../../../../../schemas/sites.js';
import type { AgencyKind } from './siteWords.js';

/** An agency of a showcase account; the name defaults to the city's ('Chicago Police Department'). */
export interface DemoAgency {
  kind: AgencyKind;
  name?: string;
  phoneNumber: string | null;
  permitNumber: string | null;
  /** Days from the seed's today (negative: expired); null: no expiry date. */
  permitExpiresInDays: number | null;
}

/**
 * Accounts of dealer.beta's group 9993 written out in full, for the account
 * view (/site/info) and its history: every status and site type, a complete
 * account without warnings, and one account for each completeness warning.
 * `warnings` is what the account view says of them (the seed test checks it).
 */
export interface DemoShowcaseSite {
  siteNum: number;
  siteName: string;
  siteType: SiteType;
  status: SiteStatus;
  contacts: {
    name: string;
    relation: string;
    phoneNumber: string | null;
    email: string | null;
    hasKey: boolean;
    verifies: boolean;
    /** The contact's own passcode. */
    passcode?: string;
  }[];
  passcodes: { name: string; passcode: string; isDuress?: boolean }[];
  /** Holidays: the next such day from the seed's today; closed all day without times. */
  holidays?: { month: number; day: number; name: string; opensAt?: string; closesAt?: string }[];
  /** Changes made to the account, in its history: days ago and the line written. */
  changes?: { daysAgo: number; description: string }[];
  agencies: DemoAgency[];
  premisePhones: { label: string; phoneNumber: string }[];
  /** Alarm events over the last 60 days: a busy history for /site/history (default: a few, like every account). */
  historyEvents?: number;
  warnings: SiteWarning[];
}

export const DEMO_SHOWCASE_SITES: DemoShowcaseSite[] = [
  {
    siteNum: 100101,
    siteName: 'Peña Family Residence',
    siteType: 'residential',
    status: 'active',
    contacts: [
      {
        name: 'José Peña',
        relation: 'Owner',
        phoneNumber: '(555) 201-3344',
        email: 'jose.pena@example.com',
        hasKey: true,
        verifies: true,
        passcode: 'colibri5',
      },
      {
        name: 'María Peña',
        relation: 'Spouse',
        phoneNumber: '555.201.3345',
        email: 'maria.pena@example.com',
        hasKey: true,
        verifies: true,
      },
      { name: 'Zoë Lefèvre', relation: 'Neighbor', phoneNumber: '+1 555 201 3346', email: null, hasKey: true, verifies: false },
      { name: 'Tomás Peña', relation: 'Son', phoneNumber: '5552013347', email: null, hasKey: false, verifies: true },
    ],
    passcodes: [
      { name: 'Primary', passcode: 'girasol27' },
      { name: 'Duress', passcode: 'tormenta', isDuress: true },
    ],
    agencies: [
      { kind: 'police', phoneNumber: '(555) 201-0911', permitNumber: 'ALR-2024-08817', permitExpiresInDays: 240 },
      { kind: 'fire', phoneNumber: '(555) 201-0912', permitNumber: null, permitExpiresInDays: null },
      { kind: 'medical', phoneNumber: '(555) 201-0913', permitNumber: null, permitExpiresInDays: null },
    ],
    premisePhones: [{ label: 'Home', phoneNumber: '(555) 201-3300' }],
    historyEvents: 360,
    warnings: [],
  },
  {
    siteNum: 100102,
    siteName: 'Société Générale Café',
    siteType: 'commercial',
    status: 'inAlarm',
    contacts: [
      {
        name: 'Amélie Durand',
        relation: 'Owner',
        phoneNumber: '555.202.4410',
        email: 'amelie.durand@example.com',
        hasKey: true,
        verifies: true,
      },
      {
        name: 'Noël Girard',
        relation: 'Store Manager',
        phoneNumber: '+1 555 202 4411',
        email: null,
        hasKey: true,
        verifies: true,
        passcode: 'baguette3',
      },
      { name: 'Kenji Watanabe', relation: 'Keyholder', phoneNumber: '(555) 202-4412', email: null, hasKey: true, verifies: false },
    ],
    passcodes: [
      { name: 'Primary', passcode: 'croissant9' },
      { name: 'Duress', passcode: 'macaron4', isDuress: true },
    ],
    holidays: [
      { month: 12, day: 25, name: 'Christmas Day' },
      { month: 12, day: 24, name: 'Christmas Eve', opensAt: '07:00', closesAt: '13:00' },
      { month: 1, day: 1, name: "New Year's Day" },
    ],
    changes: [
      { daysAgo: 12, description: 'Call list: Kenji Watanabe added by dealer.beta' },
      { daysAgo: 6, description: 'Passcode Duress added by dealer.beta' },
      { daysAgo: 2, description: 'Schedule: holiday Christmas Eve changed by dealer.beta (Opens, Closes)' },
    ],
    agencies: [
      { kind: 'police', phoneNumber: '(555) 202-0911', permitNumber: 'ALR-2019-00412', permitExpiresInDays: -21 },
      { kind: 'fire', phoneNumber: '(555) 202-0912', permitNumber: null, permitExpiresInDays: null },
      { kind: 'guard', name: 'Sentinel Guard Services', phoneNumber: '555-202-7000', permitNumber: null, permitExpiresInDays: null },
    ],
    premisePhones: [
      { label: 'Main Line', phoneNumber: '(555) 202-4400' },
      { label: 'Kitchen', phoneNumber: '555.202.4401' },
    ],
    warnings: ['noPermit'],
  },
  {
    siteNum: 100103,
    siteName: 'Harborview Distribution Center',
    siteType: 'industrial',
    status: 'onTest',
    contacts: [
      {
        name: 'Grace Okonkwo',
        relation: 'Facilities',
        phoneNumber: '(555) 203-5520',
        email: 'grace.okonkwo@example.com',
        hasKey: true,
        verifies: true,
      },
      { name: 'Dmitri Volkov', relation: 'Keyholder', phoneNumber: '555-203-5521', email: null, hasKey: true, verifies: true },
    ],
    passcodes: [
      { name: 'Primary', passcode: 'forklift42' },
      { name: 'Maintenance', passcode: 'dock7' },
    ],
    agencies: [
      { kind: 'police', phoneNumber: '(555) 203-0911', permitNumber: 'ALR-2023-31145', permitExpiresInDays: null },
      { kind: 'fire', phoneNumber: '(555) 203-0912', permitNumber: 'FIRE-88213', permitExpiresInDays: 400 },
      { kind: 'guard', name: 'Keystone Response', phoneNumber: '+1 555 203 7000', permitNumber: null, permitExpiresInDays: null },
    ],
    premisePhones: [],
    warnings: ['noPremisePhone'],
  },
  {
    siteNum: 100104,
    siteName: 'St. Brendan Montessori School',
    siteType: 'institutional',
    status: 'outOfService',
    contacts: [
      {
        name: 'Siobhán Gallagher',
        relation: 'Office Manager',
        phoneNumber: '(555) 204-6630',
        email: 'principal@example.com',
        hasKey: true,
        verifies: true,
      },
      { name: 'Luis Ortega', relation: 'Facilities', phoneNumber: '555 204 6631', email: null, hasKey: true, verifies: true },
    ],
    passcodes: [{ name: 'Primary', passcode: 'chalkboard' }],
    agencies: [],
    premisePhones: [{ label: 'Main Line', phoneNumber: '(555) 204-6600' }],
    warnings: ['noAgency'],
  },
  {
    siteNum: 100105,
    siteName: 'Okafor Residence',
    siteType: 'residential',
    status: 'pending',
    contacts: [
      {
        name: 'Adaeze Okafor',
        relation: 'Owner',
        phoneNumber: '+1 555 205 7740',
        email: 'adaeze.okafor@example.com',
        hasKey: true,
        verifies: true,
      },
      { name: 'Chidi Okafor', relation: 'Spouse', phoneNumber: null, email: 'chidi.okafor@example.com', hasKey: true, verifies: true },
    ],
    passcodes: [],
    agencies: [{ kind: 'police', phoneNumber: '(555) 205-0911', permitNumber: 'ALR-2025-10077', permitExpiresInDays: 90 }],
    premisePhones: [{ label: 'Home', phoneNumber: '555.205.7700' }],
    warnings: ['noPasscode', 'fewVerificationContacts'],
  },
];
