import type { SiteStatus, SiteType, SiteWarning } from '../../../../schemas/sites.js';

/**
 * Word lists and fixed records the demo and large seeds draw from. All names,
 * addresses, phone numbers (555-01xx, 555-2xxx) and e-mail domains (example.com) are
 * fictitious.
 */

export interface DemoGroup {
  siteGroupNum: number;
  name: string;
  dealerNumber: string;
  teamDomain: string;
  allowedDealers: string[];
  hasAnsweringService: boolean;
  /** Header logos in src/web/public/branding/<logo>.svg and <logo>-dark.svg. */
  logo?: string;
  /** How many demo sites the group gets. */
  sites: number;
  /** Indexes into CITIES: the region the dealer serves. */
  cities: number[];
  /** Whom customers contact to pay (billing); left out, the dealer gave none. */
  billing?: { phone: string; email: string };
}

export const DEMO_GROUPS: DemoGroup[] = [
  {
    siteGroupNum: 9993,
    name: 'Northwind Security',
    dealerNumber: '9993',
    teamDomain: 'northwind',
    allowedDealers: ['9993', '9994'],
    hasAnsweringService: true,
    logo: 'northwind',
    sites: 110,
    cities: [0, 1, 2, 3, 4, 5],
    billing: { phone: '+13125550110', email: 'billing@northwind.example.com' },
  },
  {
    siteGroupNum: 4120,
    name: 'Lakeside Alarm Co.',
    dealerNumber: '4120',
    teamDomain: 'lakeside',
    allowedDealers: ['4120'],
    hasAnsweringService: false,
    sites: 70,
    cities: [6, 7, 8, 9, 10],
    billing: { phone: '+16125550142', email: 'accounts@lakesidealarm.example.com' },
  },
  {
    siteGroupNum: 5877,
    name: 'Summit Protection',
    dealerNumber: '5877',
    teamDomain: 'summit',
    allowedDealers: ['5877', '5878', '5879'],
    hasAnsweringService: true,
    sites: 50,
    cities: [11, 12, 13, 14],
  },
  {
    siteGroupNum: 6650,
    name: 'Bayside Monitoring Services',
    dealerNumber: '6650',
    teamDomain: 'bayside',
    allowedDealers: ['6650', '6651'],
    hasAnsweringService: false,
    sites: 30,
    cities: [15, 16, 17, 18],
    billing: { phone: '+14155550163', email: 'billing@bayside.example.com' },
  },
];

export interface City {
  city: string;
  state: string;
  zip: number;
  areaCode: string;
  timeZone: string;
}

export const CITIES: City[] = [
  { city: 'Chicago', state: 'IL', zip: 60601, areaCode: '312', timeZone: 'America/Chicago' },
  { city: 'Naperville', state: 'IL', zip: 60540, areaCode: '630', timeZone: 'America/Chicago' },
  { city: 'Evanston', state: 'IL', zip: 60201, areaCode: '847', timeZone: 'America/Chicago' },
  { city: 'Milwaukee', state: 'WI', zip: 53202, areaCode: '414', timeZone: 'America/Chicago' },
  { city: 'Madison', state: 'WI', zip: 53703, areaCode: '608', timeZone: 'America/Chicago' },
  { city: 'Minneapolis', state: 'MN', zip: 55401, areaCode: '612', timeZone: 'America/Chicago' },
  { city: 'Grand Rapids', state: 'MI', zip: 49503, areaCode: '616', timeZone: 'America/Detroit' },
  { city: 'Ann Arbor', state: 'MI', zip: 48104, areaCode: '734', timeZone: 'America/Detroit' },
  { city: 'Toledo', state: 'OH', zip: 43604, areaCode: '419', timeZone: 'America/New_York' },
  { city: 'Columbus', state: 'OH', zip: 43215, areaCode: '614', timeZone: 'America/New_York' },
  { city: 'Fort Wayne', state: 'IN', zip: 46802, areaCode: '260', timeZone: 'America/Indiana/Indianapolis' },
  { city: 'Denver', state: 'CO', zip: 80202, areaCode: '303', timeZone: 'America/Denver' },
  { city: 'Boulder', state: 'CO', zip: 80302, areaCode: '303', timeZone: 'America/Denver' },
  { city: 'Salt Lake City', state: 'UT', zip: 84101, areaCode: '801', timeZone: 'America/Denver' },
  { city: 'Scottsdale', state: 'AZ', zip: 85251, areaCode: '480', timeZone: 'America/Phoenix' },
  { city: 'San Diego', state: 'CA', zip: 92101, areaCode: '619', timeZone: 'America/Los_Angeles' },
  { city: 'Oakland', state: 'CA', zip: 94607, areaCode: '510', timeZone: 'America/Los_Angeles' },
  { city: 'Portland', state: 'OR', zip: 97204, areaCode: '503', timeZone: 'America/Los_Angeles' },
  { city: 'Tacoma', state: 'WA', zip: 98402, areaCode: '253', timeZone: 'America/Los_Angeles' },
];

export const STREET_NAMES = [
  'Maple',
  'Oak',
  'Cedar',
  'Elm',
  'Washington',
  'Lake',
  'Hill',
  'Park',
  'Pine',
  'Lincoln',
  'Jefferson',
  'Highland',
  'Ridge',
  'Prospect',
  'Sunset',
  'Church',
  'Franklin',
  'Madison',
  'Walnut',
  'Spring',
  'Willow',
  'Meadow',
  'Chestnut',
  'Harbor',
  'River',
  'Forest',
  'Union',
  'Grant',
  'Adams',
  'Cherry',
];
export const STREET_SUFFIXES = ['St', 'Ave', 'Rd', 'Blvd', 'Dr', 'Ln', 'Ct', 'Way', 'Pkwy', 'Pl'];

export const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Karen',
  'Daniel',
  'Lisa',
  'Matthew',
  'Nancy',
  'Anthony',
  'Maria',
  'Mark',
  'Sandra',
  'Kevin',
  'Ashley',
  'Brian',
  'Emily',
  'Jason',
  'Michelle',
  'Ryan',
  'Amanda',
  'Aisha',
  'Priya',
  'Wei',
  'Luis',
];
export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Nguyen',
  'Hill',
  'Patel',
  'Kowalski',
];

export const BUSINESS_PREFIXES = [
  'Riverside',
  'Lakeview',
  'Summit',
  'Maple Grove',
  'Northgate',
  'Cedar Point',
  'Harborview',
  'Oak Hill',
  'Prairie',
  'Westfield',
  'Eastside',
  'Bluebird',
  'Ironwood',
  'Golden Valley',
  'Parkway',
  'Pinecrest',
  'Silver Creek',
  'Heritage',
  'Redwood',
  'Union Square',
];

/** Business kinds; `retail` ones also open on Saturday; `siteType` is the account's site type. */
export const BUSINESS_TYPES: { name: string; retail: boolean; siteType: Exclude<SiteType, 'residential'> }[] = [
  { name: 'Family Dental', retail: false, siteType: 'commercial' },
  { name: 'Auto Repair', retail: true, siteType: 'commercial' },
  { name: 'Pharmacy', retail: true, siteType: 'commercial' },
  { name: 'Veterinary Clinic', retail: false, siteType: 'commercial' },
  { name: 'Hardware', retail: true, siteType: 'commercial' },
  { name: 'Bakery', retail: true, siteType: 'commercial' },
  { name: 'Credit Union', retail: false, siteType: 'commercial' },
  { name: 'Self Storage', retail: true, siteType: 'industrial' },
  { name: 'Law Offices', retail: false, siteType: 'commercial' },
  { name: 'Fitness Center', retail: true, siteType: 'commercial' },
  { name: 'Medical Group', retail: false, siteType: 'institutional' },
  { name: 'Liquor & Wine', retail: true, siteType: 'commercial' },
  { name: 'Jewelers', retail: true, siteType: 'commercial' },
  { name: 'Distribution Center', retail: false, siteType: 'industrial' },
  { name: 'Community Church', retail: false, siteType: 'institutional' },
  { name: 'Montessori School', retail: false, siteType: 'institutional' },
  { name: 'Brewing Company', retail: true, siteType: 'industrial' },
  { name: 'Insurance Agency', retail: false, siteType: 'commercial' },
  { name: 'Pet Supply', retail: true, siteType: 'commercial' },
  { name: 'Physical Therapy', retail: false, siteType: 'commercial' },
  { name: 'Machine Shop', retail: false, siteType: 'industrial' },
  { name: 'Public Library', retail: false, siteType: 'institutional' },
];

export const RESIDENCE_SUFFIXES = ['Residence', 'Residence', 'Residence', 'Home', 'Lake House', 'Cottage'];

export const PANEL_TYPES = [
  'DSC PowerSeries Neo',
  'Honeywell Vista-20P',
  'Qolsys IQ Panel 4',
  'DSC PowerSeries PC1864',
  'Honeywell Lynx Touch L7000',
  'DMP XR150',
  '2GIG Edge',
  'Bosch B5512',
];

export const ZONE_EVENT_TYPES = ['Burglary', 'Fire', 'Panic', 'Medical', 'Supervisory', 'Trouble'] as const;
export type ZoneEventType = (typeof ZONE_EVENT_TYPES)[number];

export interface ZoneTemplate {
  description: string;
  eventType: ZoneEventType;
}

const z = (description: string, eventType: ZoneEventType): ZoneTemplate => ({ description, eventType });

/** The first entries always come first; the rest are sampled. */
export const RESIDENTIAL_ZONES: ZoneTemplate[] = [
  z('Front Door', 'Burglary'),
  z('Back Door', 'Burglary'),
  z('Living Room Motion', 'Burglary'),
  z('Smoke Detector Hallway', 'Fire'),
  z('Garage Door', 'Burglary'),
  z('Kitchen Motion', 'Burglary'),
  z('Master Bedroom Window', 'Burglary'),
  z('Basement Window', 'Burglary'),
  z('Patio Slider', 'Burglary'),
  z('Smoke Detector Basement', 'Fire'),
  z('Carbon Monoxide', 'Fire'),
  z('Panic Keypad', 'Panic'),
  z('Medical Pendant', 'Medical'),
  z('Low Temperature Sensor', 'Supervisory'),
  z('Water Sensor Laundry', 'Trouble'),
  z('Glass Break Den', 'Burglary'),
];
export const BUSINESS_ZONES: ZoneTemplate[] = [
  z('Front Entrance', 'Burglary'),
  z('Rear Door', 'Burglary'),
  z('Sales Floor Motion', 'Burglary'),
  z('Smoke Detector Office', 'Fire'),
  z('Office Motion', 'Burglary'),
  z('Loading Dock Door', 'Burglary'),
  z('Hold-Up Button Register', 'Panic'),
  z('Safe Room Door', 'Burglary'),
  z('Heat Detector Storage', 'Fire'),
  z('Sprinkler Waterflow', 'Fire'),
  z('Sprinkler Tamper', 'Supervisory'),
  z('Stockroom Motion', 'Burglary'),
  z('Server Room Temperature', 'Supervisory'),
  z('Glass Break Storefront', 'Burglary'),
  z('Panic Button Reception', 'Panic'),
  z('AC Power Monitor', 'Trouble'),
];

export interface EventCode {
  code: string;
  description: string;
  /** Relative frequency. */
  weight: number;
  /** The zone event type the event belongs to, when it comes from a zone. */
  zoneType?: ZoneEventType;
}

export const EVENT_CODES: EventCode[] = [
  { code: 'E602', description: 'Periodic Test Report', weight: 30 },
  { code: 'E130', description: 'Burglary Alarm', weight: 14, zoneType: 'Burglary' },
  { code: 'E301', description: 'AC Power Loss', weight: 8 },
  { code: 'R301', description: 'AC Power Restored', weight: 7 },
  { code: 'E302', description: 'Low System Battery', weight: 6 },
  { code: 'E110', description: 'Fire Alarm', weight: 3, zoneType: 'Fire' },
  { code: 'E120', description: 'Panic Alarm', weight: 3, zoneType: 'Panic' },
  { code: 'E100', description: 'Medical Alarm', weight: 2, zoneType: 'Medical' },
  { code: 'E380', description: 'Sensor Trouble', weight: 5, zoneType: 'Trouble' },
  { code: 'E200', description: 'Fire Supervisory', weight: 2, zoneType: 'Supervisory' },
  { code: 'E570', description: 'Zone Bypass', weight: 4, zoneType: 'Burglary' },
  { code: 'E350', description: 'Communication Trouble', weight: 4 },
  { code: 'E401', description: 'Opening by User', weight: 6 },
  { code: 'R401', description: 'Closing by User', weight: 6 },
  { code: 'R130', description: 'Burglary Restore', weight: 4, zoneType: 'Burglary' },
  { code: 'E901', description: 'Remote Programming Session', weight: 2 },
];

export const RESIDENTIAL_RELATIONS = ['Owner', 'Spouse', 'Neighbor', 'Son', 'Daughter', 'Relative', 'Property Manager'];
export const BUSINESS_RELATIONS = ['Owner', 'Store Manager', 'Keyholder', 'Office Manager', 'Facilities', 'Employee'];

export const PASSCODE_WORDS = [
  'bluebird',
  'harbor',
  'granite',
  'sunflower',
  'maverick',
  'juniper',
  'lighthouse',
  'falcon',
  'copper',
  'willow',
  'thunder',
  'orchid',
  'pioneer',
  'saffron',
  'glacier',
  'meadowlark',
];
export const PASSCODE_NAMES = ['Primary', 'Duress', 'Maintenance', 'Secondary'];

/** How a phone number is written: the call list holds them as people typed them (search matches the digits). */
export const PHONE_FORMATS: ((area: string, exchange: string, line: string) => string)[] = [
  (a, e, l) => `(${a}) ${e}-${l}`,
  (a, e, l) => `${a}.${e}.${l}`,
  (a, e, l) => `+1 ${a} ${e} ${l}`,
  (a, e, l) => `${a}-${e}-${l}`,
  (a, e, l) => `${a}${e}${l}`,
];

/** An account's agencies are named after its city: 'Chicago Police Department'. */
export const AGENCY_SUFFIXES = { police: 'Police Department', fire: 'Fire Department', medical: 'EMS', guard: '' } as const;
export const GUARD_COMPANIES = ['Sentinel Guard Services', 'Blue Line Patrol', 'Keystone Response', 'Nightwatch Security Patrol'];
export type AgencyKind = keyof typeof AGENCY_SUFFIXES;

/** Where an account stands, for the generated sites: mostly active. */
export const STATUS_WEIGHTS: { status: SiteStatus; weight: number }[] = [
  { status: 'active', weight: 86 },
  { status: 'inAlarm', weight: 4 },
  { status: 'onTest', weight: 4 },
  { status: 'outOfService', weight: 3 },
  { status: 'pending', weight: 3 },
];

export const PREMISE_PHONE_LABELS = { residential: ['Home', 'Landline'], business: ['Main Line', 'Office', 'After Hours'] };

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

export const DEVICE_DESCRIPTIONS = {
  residential: ['Main Panel', 'Detached Garage Panel'],
  business: ['Main Panel', 'Warehouse Panel'],
};

export interface DemoSecurityQuestion {
  question: string;
  answer: string;
}

/** dealer.beta's security questions; the seed stores argon2id hashes of the lower-case answers. */
export const DEMO_SECURITY_QUESTIONS: DemoSecurityQuestion[] = [
  { question: 'What was the name of your first pet?', answer: 'Biscuit' },
  { question: 'In what city were you born?', answer: 'Duluth' },
  { question: 'What was the make of your first car?', answer: 'Subaru' },
];

/**
 * Alarm accounts whose account passcode is known, so 'Create Account' on the
 * customer login can be tried (account number = site number). None is linked
 * to a customer yet.
 */
export const DEMO_ACCOUNT_PASSCODES: { siteNum: number; passcode: string }[] = [
  { siteNum: 100010, passcode: '4321' },
  { siteNum: 100011, passcode: '8642' },
  { siteNum: 100150, passcode: '2468' },
];

/**
 * A customer created by staff who has not set a password yet: the seed puts
 * the set-your-password link (/login/register?otp=…) in the demo outbox.
 */
/** Users who hold no role, flag or canEdit: the drawer's gated items stay hidden for them (README demo users). */
export const DEMO_LIMITED_USERS = {
  staff: { username: 'support.viewer', name: 'Val Viewer', email: 'support.viewer@example.com' },
  customer: { email: 'customer.basic@example.com', name: 'Blair Basic' },
};

export const DEMO_STAFF_CUSTOMER = { email: 'new.customer@example.com', name: 'Jordan Newcomb', siteNum: 100012 };

/**
 * A Create New Account draft of dealer.beta, left at the zones step:
 * /site/create offers to resume it. Its transmitter is free on the platform
 * (the demo's codes are one letter and five digits).
 */
export const DEMO_SITE_DRAFT = {
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

/**
 * A second dealer user with dealer.classic's email address: forgot username
 * for that address asks for the dealer number (409).
 */
export const DEMO_SHARED_CONTACT_DEALER = {
  username: 'dealer.summit',
  name: 'Chris Lindqvist',
  email: 'dealer.classic@example.com',
  dealerNumber: '5877',
  siteGroupNum: 5877,
};

export interface DemoNewsItem {
  title: string;
  body: string;
  /** Days from now; null for none. */
  effectiveInDays: number | null;
  expiresInDays: number | null;
  sortOrder: number | null;
  icon: string;
  color: string;
  url: string | null;
}

export const DEMO_NEWS: DemoNewsItem[] = [
  {
    title: 'Scheduled portal maintenance this Sunday',
    body: 'The portal will be unavailable on Sunday from 2:00 to 4:00 AM Central while we upgrade our servers. Alarm monitoring is not affected; operators will keep handling signals as usual.',
    effectiveInDays: -2,
    expiresInDays: 12,
    sortOrder: 1,
    icon: 'calendar',
    color: 'amber',
    url: null,
  },
  {
    title: 'New: Favorites and Recents in the sidebar',
    body: 'You can now mark accounts as favorites and find the accounts you opened most recently in the site sidebar. Press / anywhere to search by account number.',
    effectiveInDays: null,
    expiresInDays: null,
    sortOrder: 2,
    icon: 'newspaper-filled',
    color: 'blue',
    url: 'https://www.example.com/release-notes/favorites-and-recents',
  },
  {
    title: '3G communicator sunset: replace legacy radios',
    body: 'Carriers have shut down their 3G networks. Accounts still reporting through 3G communicators will fail their periodic test. Run the Late-to-Test report and schedule upgrades to LTE communicators.',
    effectiveInDays: -20,
    expiresInDays: 60,
    sortOrder: 3,
    icon: 'exclamation-triangle',
    color: 'red',
    url: null,
  },
  {
    title: 'Central station certificate renewed',
    body: 'Our UL 827 central station certificate has been renewed for another year. A copy is available from the support team on request.',
    effectiveInDays: -10,
    expiresInDays: null,
    sortOrder: null,
    icon: 'exclamationmark-shield-fill',
    color: 'green',
    url: null,
  },
  {
    title: 'Holiday support hours',
    body: 'Dealer support will be open from 8:00 AM to noon on the coming holiday. The monitoring center is staffed around the clock as always.',
    effectiveInDays: 7,
    expiresInDays: 21,
    sortOrder: 4,
    icon: 'bell-alert',
    color: 'blue',
    url: null,
  },
  {
    title: 'Spring firmware update for Qolsys panels',
    body: 'The spring firmware update for Qolsys IQ Panel 4 has finished rolling out. Panels that missed the window update automatically at their next check-in.',
    effectiveInDays: -60,
    expiresInDays: -30,
    sortOrder: 5,
    icon: 'envelope',
    color: 'green',
    url: null,
  },
];

export const DEMO_BANNER = {
  title: 'Welcome to the demo portal',
  body: 'This portal runs on demonstration data. Every demo user signs in with the password shown in the README.',
  importance: 'Info' as const,
};

export const DEMO_PRIVACY_POLICY = `# Privacy Policy

_Last updated: January 15, 2026_

This policy explains how the monitoring portal ("the portal") collects, uses and protects
information about dealers, their staff and the customers whose alarm systems we monitor.

## Information we collect

We collect the information needed to monitor alarm systems and to run the portal:

- **Account information**: name, username, e-mail address, mobile phone number and the dealer you work for.
- **Site information**: site names, addresses, emergency contacts, passcodes, zones and schedules.
- **Alarm history**: signals received from your alarm panels, with the date, time and event type.
- **Usage information**: sign-in times, IP addresses, browser type and the pages you open, used to keep the portal secure.

## How we use information

1. To receive and respond to alarm signals and to notify your emergency contacts.
2. To verify your identity, including with one-time codes sent by e-mail or text message.
3. To produce the reports you request and to send you service announcements.
4. To investigate security incidents and prevent misuse of the portal.

We do not sell personal information, and we do not use it for advertising.

## Sharing

We share information only with your alarm dealer, with emergency services when responding to an
alarm, with service providers that operate the portal on our behalf under written agreements, and
when the law requires it.

## Retention

Alarm history is kept for seven years to meet industry and insurance requirements. Account
information is kept while your account is active and deleted within 90 days after it is closed.
Sign-in records are kept for one year.

## Your choices

You can review and update your contact information on the portal at any time. To ask for a copy
of your information or its deletion, contact us using the details below.

## Security

Passwords are stored as salted hashes, connections are encrypted, and access to monitoring data is
limited to staff who need it.

## Contact

Privacy Office, 100 Example Plaza, Suite 400, Chicago, IL 60601
E-mail: privacy@example.com · Phone: (312) 555-0100
`;
