import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import type { Insertable } from 'kysely';
import { mondayOf } from '../../../common/ansService.js';
import type { Db } from '../database.js';
import type { AnsMessagesTable, AnsWeekDayRow, SitesTable } from '../schema.js';
import { mulberry32, pick, randomInt } from './random.js';

/** A seeded site: its number, group and name. */
interface SeededSite {
  siteNum: number;
  groupNum: number;
  row: Pick<Insertable<SitesTable>, 'site_name'>;
}

const HOUR_MS = 3_600_000;
const ZONE = 'America/Chicago';
const MESSAGES = 40;

const CALLERS = [
  'Olivia Grant',
  'Marcus Bell',
  'Hannah Kowalski',
  'Tomás Herrera',
  'Grace Liu',
  'Ben Okafor',
  'Sofia Marino',
  'Daniel Price',
  'Aisha Rahman',
  'Peter Lindgren',
];

const TEXTS = {
  emergency: [
    'Caller reports the alarm sounding and smoke near the kitchen; fire department called.',
    'Burglar alarm going off at the back door, caller is not on site and asks for a guard.',
    'Panic button pressed by mistake? Caller could not give the passcode; police dispatched.',
  ],
  service: [
    'Keypad shows a low battery trouble and beeps every minute; asks for a technician.',
    'Motion sensor in the hallway keeps tripping at night; wants a service visit this week.',
    'Panel lost its cellular connection after a power cut; please call back to schedule.',
  ],
  billing: [
    'Asks why this month’s invoice is higher than last month.',
    'Wants to change the card on file for monthly monitoring.',
    'Moving out at the end of the month and asks how to cancel the contract.',
  ],
  general: [
    'Asks for the office opening hours over the holidays.',
    'New key holder to add to the call list: her neighbour, Ruth Evans.',
    'Wants a copy of the alarm certificate for the insurance company.',
  ],
} as const;

const KINDS = ['emergency', 'service', 'billing', 'general'] as const;
const ON_CALL = ['Jordan Reyes', 'Priya Nair', 'Marcus Bell', 'Elena Ruiz'];

/** A local time in Chicago, `days` after a Monday 'yyyy-MM-dd'. */
function localAt(monday: string, days: number, hour: number): Date {
  const [y, m, d] = monday.split('-').map(Number);
  return new Date(addDays(new TZDate(y, m - 1, d, hour, 0, 0, ZONE), days).getTime());
}

/** The next 25 December (local) on or after `now`, 'yyyy-MM-dd'. */
function nextChristmas(now: number): string {
  const today = new Date(now).toISOString().slice(0, 10);
  const year = new Date(now).getUTCFullYear();
  return `${today > `${year}-12-25` ? year + 1 : year}-12-25`;
}

/**
 * The answering service's demo, for group 9993 (dealer.beta's, which has the service):
 * about forty messages of the last fortnight (every kind; new, delivered and handled), a weekly
 * on-call rota with one gap (Saturday 06:00-08:00), two auto-notify rules, business hours Monday to
 * Friday 08:00-18:00 in Chicago with Christmas Day closed and a short day before it. Group 5877
 * (which also has the service) gets a few messages, so the scope has something to keep out.
 */
export async function seedAnsService(db: Db, sites: readonly SeededSite[], handledBy: number, now: number): Promise<void> {
  const rng = mulberry32(1515);
  const northwind = sites.filter((s) => s.groupNum === 9993).slice(0, 24);
  const summit = sites.filter((s) => s.groupNum === 5877).slice(0, 3);

  const messages: Insertable<AnsMessagesTable>[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    const kind = KINDS[i % KINDS.length];
    const site = i % 9 === 8 ? undefined : pick(rng, northwind);
    const takenAt = new Date(now - (i * 8 + randomInt(rng, 0, 6)) * HOUR_MS - randomInt(rng, 0, 59) * 60_000);
    // The newest are new, then delivered ones, the older mostly handled.
    const status = i < 9 ? 'new' : i < 18 || i % 5 === 0 ? 'delivered' : 'handled';
    messages.push({
      site_group_num: 9993,
      site_num: site?.siteNum ?? null,
      caller_name: pick(rng, CALLERS),
      caller_number: `+1312555${String(100 + randomInt(rng, 0, 99)).padStart(4, '0')}`,
      kind,
      body: pick(rng, TEXTS[kind]),
      taken_at: takenAt,
      delivered_to: status === 'new' ? null : pick(rng, ON_CALL),
      status,
      handled_at: status === 'handled' ? new Date(takenAt.getTime() + randomInt(rng, 1, 20) * HOUR_MS) : null,
      handled_by: status === 'handled' ? handledBy : null,
    });
  }
  summit.forEach((site, i) =>
    messages.push({
      site_group_num: 5877,
      site_num: site.siteNum,
      caller_name: CALLERS[i],
      caller_number: `+1303555${String(120 + i).padStart(4, '0')}`,
      kind: 'service',
      body: TEXTS.service[i % TEXTS.service.length],
      taken_at: new Date(now - (i + 1) * 5 * HOUR_MS),
      delivered_to: null,
    }),
  );
  await db.insertInto('ans_messages').values(messages).execute();

  // The rota began two weeks ago and repeats weekly: Mon 08:00 → Wed 08:00 → Fri 18:00 → Sat 06:00, (gap), Sat 08:00 → Mon 08:00.
  const monday = mondayOf(new Date(now - 14 * 24 * HOUR_MS), ZONE);
  const shifts: [string, number, number, number, number, { type: 'phone' | 'text' | 'email'; value: string }[]][] = [
    [
      ON_CALL[0],
      0,
      8,
      2,
      8,
      [
        { type: 'phone', value: '+13125550148' },
        { type: 'text', value: '+13125550148' },
      ],
    ],
    [
      ON_CALL[1],
      2,
      8,
      4,
      18,
      [
        { type: 'phone', value: '+13125550152' },
        { type: 'email', value: 'priya.nair@northwind.example.com' },
      ],
    ],
    [ON_CALL[2], 4, 18, 5, 6, [{ type: 'text', value: '+13125550163' }]],
    [
      ON_CALL[3],
      5,
      8,
      7,
      8,
      [
        { type: 'phone', value: '+13125550171' },
        { type: 'email', value: 'elena.ruiz@northwind.example.com' },
      ],
    ],
  ];
  await db
    .insertInto('ans_on_call')
    .values(
      shifts.map(([person, fromDay, fromHour, toDay, toHour, methods]) => ({
        site_group_num: 9993,
        person_name: person,
        contact_methods: JSON.stringify(methods),
        starts_at: localAt(monday, fromDay, fromHour),
        ends_at: localAt(monday, toDay, toHour),
        weekly: true,
        notes: '',
      })),
    )
    .execute();

  await db
    .insertInto('ans_auto_notify')
    .values([
      {
        site_group_num: 9993,
        name: 'Emergencies to the on-call phone',
        kind: 'emergency',
        site_nums: [],
        person_name: ON_CALL[0],
        channel: 'text',
        destination: '+13125550148',
      },
      {
        site_group_num: 9993,
        name: 'Billing questions to the office',
        kind: 'billing',
        site_nums: northwind.slice(0, 2).map((s) => s.siteNum),
        person_name: 'Dana Whitfield',
        channel: 'email',
        destination: 'dealer.beta@example.com',
      },
    ])
    .execute();

  const days: AnsWeekDayRow[] = Array.from({ length: 7 }, (_, dayOfWeek) => ({
    dayOfWeek,
    open: dayOfWeek >= 1 && dayOfWeek <= 5,
    opensAt: '08:00',
    closesAt: '18:00',
  }));
  await db
    .insertInto('ans_business_hours')
    .values({ site_group_num: 9993, time_zone: ZONE, days: JSON.stringify(days) })
    .execute();
  const christmas = nextChristmas(now);
  const eve = `${christmas.slice(0, 4)}-12-24`;
  await db
    .insertInto('ans_hours_exceptions')
    .values([
      {
        site_group_num: 9993,
        name: 'Christmas Eve (closes at noon)',
        date: eve,
        end_date: eve,
        closed: false,
        opens_at: '08:00',
        closes_at: '12:00',
      },
      { site_group_num: 9993, name: 'Christmas Day', date: christmas, end_date: christmas, closed: true },
    ])
    .execute();
}
