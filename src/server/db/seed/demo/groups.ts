import type { Db } from '../../database.js';

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

/** The demo account groups (the large seed calls this when there are none). */
export async function insertDemoGroups(db: Db): Promise<void> {
  await db
    .insertInto('account_groups')
    .values(
      DEMO_GROUPS.map((g) => ({
        site_group_num: g.siteGroupNum,
        site_group_name: g.name,
        dealer_number: g.dealerNumber,
        team_domain: g.teamDomain,
        allowed_dealers: g.allowedDealers,
        header_logo_url: g.logo ? `/branding/${g.logo}.svg` : null,
        dark_header_logo_url: g.logo ? `/branding/${g.logo}-dark.svg` : null,
        has_answering_service: g.hasAnsweringService,
        billing_phone: g.billing?.phone ?? null,
        billing_email: g.billing?.email ?? null,
      })),
    )
    .execute();
}
