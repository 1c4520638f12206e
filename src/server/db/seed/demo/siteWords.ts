import type { SiteStatus, SiteType } from '../../../../../schemas/sites.js';

/**
 * Word lists the generated demo accounts and the large seed draw from. All names,
 * addresses, phone numbers (555-01xx, 555-2xxx) and e-mail domains (example.com) are
 * fictitious.
 */

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
