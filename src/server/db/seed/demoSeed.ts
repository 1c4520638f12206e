import argon2 from 'argon2';
import type { Insertable } from 'kysely';
import { APPLICATION, DEMO_PASSWORD } from '../../../common/constants.js';
import { randomToken, sha256 } from '../../auth/secrets.js';
import type { Db } from '../database.js';
import type {
  AlarmEventsTable,
  ContactsTable,
  Database,
  DevicesTable,
  PasscodesTable,
  PremisePhonesTable,
  ScheduleHolidaysTable,
  SchedulesTable,
  SiteAgenciesTable,
  SitesTable,
  ZonesTable,
} from '../schema.js';
import type { SiteStatus } from '../../../../schemas/sites.js';
import { ACCOUNT_CHANGE_CODE } from '../../../../schemas/events.js';
import {
  AGENCY_SUFFIXES,
  BUSINESS_PREFIXES,
  BUSINESS_RELATIONS,
  DEMO_SITE_DRAFT,
  BUSINESS_TYPES,
  BUSINESS_ZONES,
  CITIES,
  DEMO_ACCOUNT_PASSCODES,
  DEMO_SHOWCASE_SITES,
  DEMO_BANNER,
  DEMO_GROUPS,
  DEMO_NEWS,
  DEMO_PRIVACY_POLICY,
  DEMO_SECURITY_QUESTIONS,
  DEMO_SHARED_CONTACT_DEALER,
  DEMO_STAFF_CUSTOMER,
  DEMO_LIMITED_USERS,
  DEVICE_DESCRIPTIONS,
  EVENT_CODES,
  FIRST_NAMES,
  GUARD_COMPANIES,
  LAST_NAMES,
  PANEL_TYPES,
  PASSCODE_NAMES,
  PASSCODE_WORDS,
  PHONE_FORMATS,
  PREMISE_PHONE_LABELS,
  RESIDENCE_SUFFIXES,
  RESIDENTIAL_RELATIONS,
  RESIDENTIAL_ZONES,
  STREET_NAMES,
  STATUS_WEIGHTS,
  STREET_SUFFIXES,
  type City,
  type DemoAgency,
  type ZoneTemplate,
} from './demoData.js';
import { seedDocuments } from './documentsSeed.js';
import { demoInvoices } from './invoicesSeed.js';
import { seedDealerBilling } from './dealerBillingSeed.js';
import { seedAnsService } from './ansServiceSeed.js';
import { seedInvitedStaff } from './usersSeed.js';
import { seedSupportDemo } from './supportSeed.js';
import { seedSupportInbox } from './supportInboxSeed.js';
import { addressDisplay } from '../../../common/address.js';
import { chance, digits, mulberry32, pick, randomInt, sample, weightedPick, type Random } from './random.js';
import type { AuditAction } from '../../../common/auditActions.js';

/**
 * The demo data set (README lists the users): four account groups, 260 sites
 * with devices, zones, call lists, passcodes, schedules, agencies and permits,
 * premise phones and 60 days of alarm history (every status, site type and
 * event kind in each group; DEMO_SHOWCASE_SITES are accounts of group 9993
 * written out for the account view, one with a busy history), news, the status banner, a privacy policy and five users, one per
 * kind the spec describes, plus two for recovery and registration (a dealer
 * sharing dealer.classic's email, a customer created by staff with a pending
 * set-your-password link in the outbox) and three accounts with a known
 * account passcode. Deterministic apart from dates, which are relative to now.
 */
const SEED = 9993;
const CHUNK = 500;
const DAY_MS = 86_400_000;
const FIRST_DEMO_SITE_NUM = 100001;
const FIRST_DEMO_DEV_NUM = 500001;

/** True when no user exists yet: the demo seed only ever fills an empty database. */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select('user_id').limit(1).executeTakeFirst();
  return row === undefined;
}

/** Hash settings for demo passwords and answers (argon2id, OWASP's minimum). */
function hashDemoSecret(secret: string): Promise<string> {
  return argon2.hash(secret, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2 });
}

/** Inserts rows in chunks of 500, so no statement carries too many parameters. */
async function insertChunked<T extends keyof Database & string>(db: Db, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK) as never)
      .execute();
  }
}

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

interface SiteInfo {
  siteNum: number;
  groupNum: number;
  residential: boolean;
  devNums: number[];
  firstContact: Insertable<ContactsTable>;
  row: Insertable<SitesTable>;
}

interface SiteData {
  sites: Insertable<SitesTable>[];
  devices: Insertable<DevicesTable>[];
  zones: Insertable<ZonesTable>[];
  contacts: Insertable<ContactsTable>[];
  passcodes: Insertable<PasscodesTable>[];
  schedules: Insertable<SchedulesTable>[];
  holidays: Insertable<ScheduleHolidaysTable>[];
  agencies: Insertable<SiteAgenciesTable>[];
  premisePhones: Insertable<PremisePhonesTable>[];
  events: Insertable<AlarmEventsTable>[];
  info: SiteInfo[];
}

/** Alarm history reaches this far back. */
const HISTORY_DAYS = 60;
/** The first sites of each group stay active (the customers' linked accounts and the accounts with a known passcode are among them). */
const ALWAYS_ACTIVE = 15;
/** Each group's last sites take these statuses, so every group shows every status. */
const FORCED_STATUSES: SiteStatus[] = ['inAlarm', 'onTest', 'outOfService', 'pending'];
/** Each group's first business accounts are of these types, so every group shows every site type. */
const FORCED_BUSINESS_TYPES = ['commercial', 'industrial', 'institutional'] as const;
const SHOWCASE = new Map(DEMO_SHOWCASE_SITES.map((site) => [site.siteNum, site]));

function phone(rng: Random, areaCode: string): string {
  return `(${areaCode}) 555-01${digits(rng, 2)}`;
}

/** A contact's phone as someone typed it: '(312) 555-0142', '312.555.0142', '+1 312 555 0142'... */
function typedPhone(rng: Random, areaCode: string): string {
  return pick(rng, PHONE_FORMATS)(areaCode, '555', `01${digits(rng, 2)}`);
}

/** 'YYYY-MM-DD', days from now (UTC). */
function dateFromNow(now: number, days: number): string {
  return new Date(now + days * DAY_MS).toISOString().slice(0, 10);
}

function zonesFor(rng: Random, templates: ZoneTemplate[]): ZoneTemplate[] {
  const count = randomInt(rng, 4, 12);
  const fixed = templates.slice(0, 4);
  return [...fixed, ...sample(rng, templates.slice(4), count - fixed.length)];
}

/** A generated account's agencies: usually police (with its alarm permit, sometimes expired or missing) and fire. */
function agenciesFor(rng: Random, city: City, residential: boolean, now: number): DemoAgency[] {
  if (chance(rng, 0.05)) return [];
  const agencies: DemoAgency[] = [];
  const permit = rng();
  agencies.push({
    kind: 'police',
    phoneNumber: phone(rng, city.areaCode),
    permitNumber: permit < 0.84 ? `ALR-${new Date(now).getUTCFullYear() - randomInt(rng, 0, 4)}-${digits(rng, 5)}` : null,
    permitExpiresInDays:
      permit < 0.72 ? (chance(rng, 0.2) ? null : randomInt(rng, 20, 700)) : permit < 0.84 ? -randomInt(rng, 1, 200) : null,
  });
  if (chance(rng, 0.85)) {
    const held = chance(rng, 0.3);
    agencies.push({
      kind: 'fire',
      phoneNumber: phone(rng, city.areaCode),
      permitNumber: held ? `FIRE-${digits(rng, 5)}` : null,
      permitExpiresInDays: held ? randomInt(rng, 30, 700) : null,
    });
  }
  if (residential && chance(rng, 0.5))
    agencies.push({ kind: 'medical', phoneNumber: phone(rng, city.areaCode), permitNumber: null, permitExpiresInDays: null });
  if (!residential && chance(rng, 0.35)) {
    agencies.push({
      kind: 'guard',
      name: pick(rng, GUARD_COMPANIES),
      phoneNumber: phone(rng, city.areaCode),
      permitNumber: null,
      permitExpiresInDays: null,
    });
  }
  return agencies;
}

/** The next `month`/`day` from `now` (today included), 'YYYY-MM-DD'. */
function nextDate(now: number, month: number, day: number): string {
  const today = new Date(now);
  let year = today.getUTCFullYear();
  if (Date.UTC(year, month - 1, day) < Date.UTC(year, today.getUTCMonth(), today.getUTCDate())) year += 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function buildSites(rng: Random, now: number): SiteData {
  const data: SiteData = {
    sites: [],
    devices: [],
    zones: [],
    contacts: [],
    passcodes: [],
    schedules: [],
    holidays: [],
    agencies: [],
    premisePhones: [],
    events: [],
    info: [],
  };
  const codes = new Map<number, string>();
  const used = new Set<string>();
  let siteNum = FIRST_DEMO_SITE_NUM;
  let devNum = FIRST_DEMO_DEV_NUM;
  for (const group of DEMO_GROUPS) {
    let businesses = 0;
    for (let n = 0; n < group.sites; n++, siteNum++) {
      const showcase = SHOWCASE.get(siteNum);
      const city = CITIES[pick(rng, group.cities)];
      const residential = showcase ? showcase.siteType === 'residential' : chance(rng, 0.6);
      const owner = { first: pick(rng, FIRST_NAMES), last: pick(rng, LAST_NAMES) };
      const forcedType = residential ? undefined : FORCED_BUSINESS_TYPES[businesses++];
      const business = pick(rng, forcedType ? BUSINESS_TYPES.filter((b) => b.siteType === forcedType) : BUSINESS_TYPES);
      const fromEnd = group.sites - 1 - n;
      const status: SiteStatus =
        showcase?.status ??
        (fromEnd < FORCED_STATUSES.length
          ? FORCED_STATUSES[fromEnd]
          : n < ALWAYS_ACTIVE
            ? 'active'
            : weightedPick(rng, STATUS_WEIGHTS, (s) => s.weight).status);
      const site: Insertable<SitesTable> = {
        site_num: siteNum,
        site_group_num: group.siteGroupNum,
        site_name:
          showcase?.siteName ??
          (residential ? `${owner.last} ${pick(rng, RESIDENCE_SUFFIXES)}` : `${pick(rng, BUSINESS_PREFIXES)} ${business.name}`),
        address_line1: `${randomInt(rng, 100, 9899)} ${pick(rng, STREET_NAMES)} ${pick(rng, STREET_SUFFIXES)}`,
        address_line2: chance(rng, 0.15)
          ? residential
            ? `Apt ${randomInt(rng, 1, 9)}${pick(rng, ['A', 'B', 'C'])}`
            : `Suite ${randomInt(rng, 1, 4)}00`
          : null,
        city: city.city,
        state: city.state,
        postal_code: String(city.zip + randomInt(rng, 0, 25)).padStart(5, '0'),
        phone_number: phone(rng, city.areaCode),
        time_zone: city.timeZone,
        account_passcode_hash: null,
        status,
        site_type: showcase?.siteType ?? (residential ? 'residential' : business.siteType),
      };
      data.sites.push(site);

      // Devices and their zones; an account on test has its first device on test for a few hours.
      const devNums: number[] = [];
      const deviceZones = new Map<number, Insertable<ZonesTable>[]>();
      const deviceCount = chance(rng, residential ? 0.15 : 0.35) ? 2 : 1;
      for (let d = 0; d < deviceCount; d++, devNum++) {
        let code: string;
        do code = `${pick(rng, ['C', 'F', 'H', 'K', 'M', 'P', 'R', 'T'])}${digits(rng, 5)}`;
        while (used.has(code));
        used.add(code);
        codes.set(devNum, code);
        data.devices.push({
          dev_num: devNum,
          site_num: siteNum,
          transmitter_code: code,
          panel_type: pick(rng, PANEL_TYPES),
          description: (residential ? DEVICE_DESCRIPTIONS.residential : DEVICE_DESCRIPTIONS.business)[d],
          on_test_until: status === 'onTest' && d === 0 ? new Date(now + randomInt(rng, 1, 8) * 3_600_000) : null,
        });
        const zones = zonesFor(rng, residential ? RESIDENTIAL_ZONES : BUSINESS_ZONES).map((t, i) => ({
          dev_num: devNum,
          zone_num: i + 1,
          description: t.description,
          event_type: t.eventType,
        }));
        data.zones.push(...zones);
        deviceZones.set(devNum, zones);
        devNums.push(devNum);
      }

      // The call list: the owner first, then others; most may verify an alarm.
      const relations = residential ? RESIDENTIAL_RELATIONS : BUSINESS_RELATIONS;
      const contacts: Insertable<ContactsTable>[] = [];
      if (showcase) {
        showcase.contacts.forEach((c, i) =>
          contacts.push({
            site_num: siteNum,
            position: i + 1,
            name: c.name,
            relation: c.relation,
            phone_number: c.phoneNumber,
            email: c.email,
            has_key: c.hasKey,
            verifies: c.verifies,
            passcode: c.passcode ?? null,
          }),
        );
      } else {
        const contactCount = randomInt(rng, 2, 4);
        for (let c = 0; c < contactCount; c++) {
          const first = c === 0 ? owner.first : pick(rng, FIRST_NAMES);
          const last = c === 0 || (residential && c === 1) ? owner.last : pick(rng, LAST_NAMES);
          contacts.push({
            site_num: siteNum,
            position: c + 1,
            name: `${first} ${last}`,
            relation: c === 0 ? 'Owner' : pick(rng, relations.slice(1)),
            phone_number: typedPhone(rng, city.areaCode),
            email: chance(rng, 0.7) ? `${first}.${last}@example.com`.toLowerCase() : null,
            has_key: c === 0 || chance(rng, 0.5),
            verifies: c === 0 || chance(rng, 0.8),
          });
        }
      }
      data.contacts.push(...contacts);

      // Passcodes and, for businesses, opening hours.
      if (showcase) {
        data.passcodes.push(
          ...showcase.passcodes.map((p) => ({ site_num: siteNum, name: p.name, passcode: p.passcode, is_duress: p.isDuress ?? false })),
        );
        for (const h of showcase.holidays ?? []) {
          data.holidays.push({
            site_num: siteNum,
            date: nextDate(now, h.month, h.day),
            name: h.name,
            opens_at: h.opensAt ?? null,
            closes_at: h.closesAt ?? null,
          });
        }
      } else {
        for (const name of PASSCODE_NAMES.slice(0, randomInt(rng, 1, 2))) {
          data.passcodes.push({ site_num: siteNum, name, passcode: `${pick(rng, PASSCODE_WORDS)}${digits(rng, 2)}` });
        }
      }
      if (!residential) {
        const opens = pick(rng, ['07:00', '08:00', '09:00']);
        const closes = pick(rng, ['17:00', '18:00', '19:00']);
        for (let day = 1; day <= 5; day++) {
          data.schedules.push({ site_num: siteNum, name: 'Regular Hours', day_of_week: day, opens_at: opens, closes_at: closes });
        }
        if (business.retail) {
          data.schedules.push({ site_num: siteNum, name: 'Regular Hours', day_of_week: 6, opens_at: '09:00', closes_at: '14:00' });
        }
      }

      // Agencies with their permits, and the phones at the premises.
      for (const agency of showcase?.agencies ?? agenciesFor(rng, city, residential, now)) {
        data.agencies.push({
          site_num: siteNum,
          kind: agency.kind,
          name: agency.name || `${city.city} ${AGENCY_SUFFIXES[agency.kind]}`,
          phone_number: agency.phoneNumber,
          permit_number: agency.permitNumber,
          permit_expires_on: agency.permitExpiresInDays === null ? null : dateFromNow(now, agency.permitExpiresInDays),
        });
      }
      const labels = residential ? PREMISE_PHONE_LABELS.residential : PREMISE_PHONE_LABELS.business;
      const premisePhones =
        showcase?.premisePhones ??
        (chance(rng, residential ? 0.88 : 0.92)
          ? labels.slice(0, residential ? 1 : randomInt(rng, 1, 2)).map((label) => ({ label, phoneNumber: phone(rng, city.areaCode) }))
          : []);
      data.premisePhones.push(...premisePhones.map((p) => ({ site_num: siteNum, label: p.label, phone_number: p.phoneNumber })));

      // Alarm history over the last HISTORY_DAYS days: a few events, or a busy history for a showcase account.
      const eventCount = showcase?.historyEvents ?? randomInt(rng, 5, 30);
      for (let e = 0; e < eventCount; e++) {
        const eventDev = pick(rng, devNums);
        const zones = deviceZones.get(eventDev) ?? [];
        let event = weightedPick(rng, EVENT_CODES, (c) => c.weight);
        let zoneNum: number | null = null;
        if (event.zoneType) {
          const matching = zones.filter((zn) => zn.event_type === event.zoneType);
          if (matching.length) zoneNum = pick(rng, matching).zone_num;
          else event = EVENT_CODES[0];
        }
        const alarmDate = new Date(Math.floor((now - rng() * HISTORY_DAYS * DAY_MS) / 1000) * 1000);
        data.events.push({
          site_num: siteNum,
          dev_num: eventDev,
          site_group_num: group.siteGroupNum,
          transmitter_code: codes.get(eventDev)!,
          zone_num: zoneNum,
          event_code: event.code,
          event_code_description: event.description,
          alarm_date: alarmDate,
          received_at: new Date(alarmDate.getTime() + randomInt(rng, 1, 20) * 1000),
        });
      }
      // Changes made to a showcase account: 'change' rows of its history, on its first device.
      for (const c of showcase?.changes ?? []) {
        const alarmDate = new Date(Math.floor((now - c.daysAgo * DAY_MS) / 1000) * 1000);
        data.events.push({
          site_num: siteNum,
          dev_num: devNums[0]!,
          site_group_num: group.siteGroupNum,
          transmitter_code: codes.get(devNums[0]!)!,
          zone_num: null,
          event_code: ACCOUNT_CHANGE_CODE,
          event_code_description: c.description,
          alarm_date: alarmDate,
          received_at: alarmDate,
        });
      }
      data.info.push({ siteNum, groupNum: group.siteGroupNum, residential, devNums, firstContact: contacts[0], row: site });
    }
  }
  // Alarm numbers rise with time, as they do when signals arrive.
  data.events.sort((a, b) => (a.alarm_date as Date).getTime() - (b.alarm_date as Date).getTime());
  return data;
}

/** Why the demo's dealers put accounts on test. */
const TEST_REASONS = [
  'Panel replacement by the installer',
  'Sensor batteries being swapped',
  'Installer walk test after new motion sensors',
  'Renovation: dust may set off the detectors',
  'Communicator upgrade',
];
/** The showcase account whose test covers chosen zones (the others cover their first device). */
const SHOWCASE_ZONE_TEST_SITE = 100103;

/**
 * Place on test: each account on test gets the test that put it there,
 * in force since an hour or three and ending when its first device's on_test_until
 * says (the showcase account 100103: two zones of that device), and two signals
 * received during the test, stored marked on test. The status they return to: active.
 */
function demoTests(data: SiteData, now: number) {
  const rng = mulberry32(SEED + 12);
  const tests: (Insertable<Database['site_tests']> & { groupNum: number })[] = [];
  const events: Insertable<AlarmEventsTable>[] = [];
  for (const info of data.info) {
    if (info.row.status !== 'onTest') continue;
    const devNum = info.devNums[0];
    const device = data.devices.find((d) => d.dev_num === devNum)!;
    const endsAt = device.on_test_until as Date;
    const startsAt = new Date(Math.floor((now - randomInt(rng, 1, 3) * 3_600_000) / 1000) * 1000);
    const zoneTest = info.siteNum === SHOWCASE_ZONE_TEST_SITE;
    const zones = zoneTest ? data.zones.filter((z) => z.dev_num === devNum).slice(0, 2) : [];
    tests.push({
      groupNum: info.groupNum,
      site_num: info.siteNum,
      dev_num: devNum,
      scope: zoneTest ? 'zones' : 'device',
      zones: zones.map((z) => z.zone_num),
      kinds: [],
      starts_at: startsAt,
      ends_at: endsAt,
      reason: pick(rng, TEST_REASONS),
      created_at: startsAt,
      updated_at: startsAt,
      return_status: 'active',
    });
    for (let i = 1; i <= 2; i++) {
      const alarmDate = new Date(Math.floor((startsAt.getTime() + ((now - startsAt.getTime()) * i) / 3) / 1000) * 1000);
      const zone = zones[i - 1];
      events.push({
        site_num: info.siteNum,
        dev_num: devNum,
        site_group_num: info.groupNum,
        transmitter_code: device.transmitter_code,
        zone_num: zone?.zone_num ?? null,
        event_code: zone ? 'E130' : 'E602',
        event_code_description: zone ? 'Burglary Alarm' : 'Periodic Test Report',
        alarm_date: alarmDate,
        received_at: new Date(alarmDate.getTime() + 2000),
        on_test: true,
      });
    }
  }
  return { tests, events };
}

function daysFromNow(now: number, days: number | null): Date | null {
  return days === null ? null : new Date(now + days * DAY_MS);
}

type UserRow = Insertable<Database['users']>;

/** Days the staff-created customer's set-your-password link stays valid (as registration links do). */
const STAFF_OTP_DAYS = 7;
const CUSTOMER_ROLES = ['noActionRead', 'contactsRead', 'zonesRead', 'sitePasscodeRead', 'scheduleRead', 'billingRead'];

/** Fills an empty database with the demo data set, in one transaction. */
export async function seedDemo(db: Db, options: { log?: (msg: string) => void; publicUrl?: string } = {}): Promise<void> {
  const log = options.log ?? (() => undefined);
  const publicUrl = options.publicUrl ?? 'http://localhost:8080';
  const rng = mulberry32(SEED);
  const now = Date.now();
  const started = now;

  const passwordHash = await hashDemoSecret(DEMO_PASSWORD);
  const answerHashes = await Promise.all(DEMO_SECURITY_QUESTIONS.map((q) => hashDemoSecret(q.answer.trim().toLowerCase())));
  const data = buildSites(rng, now);
  const onTest = demoTests(data, now);
  data.events.push(...onTest.events);
  data.events.sort((a, b) => (a.alarm_date as Date).getTime() - (b.alarm_date as Date).getTime());
  const passcodeHashes = await Promise.all(DEMO_ACCOUNT_PASSCODES.map((p) => hashDemoSecret(p.passcode)));
  DEMO_ACCOUNT_PASSCODES.forEach((p, i) => {
    data.sites.find((site) => site.site_num === p.siteNum)!.account_passcode_hash = passcodeHashes[i];
  });

  // The customer's two linked accounts: the first two homes of the live-alarm group.
  const customerSites = data.info.filter((s) => s.groupNum === 9993 && s.residential).slice(0, 2);
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

  await db.transaction().execute(async (trx) => {
    await insertDemoGroups(trx);
    await insertChunked(trx, 'sites', data.sites);
    await insertChunked(trx, 'devices', data.devices);
    await insertChunked(trx, 'zones', data.zones);
    await insertChunked(trx, 'contacts', data.contacts);
    await insertChunked(trx, 'passcodes', data.passcodes);
    await insertChunked(trx, 'schedules', data.schedules);
    await insertChunked(trx, 'schedule_holidays', data.holidays);
    await insertChunked(trx, 'site_agencies', data.agencies);
    await insertChunked(trx, 'premise_phones', data.premisePhones);
    await insertChunked(trx, 'alarm_events', data.events);
    log(`demo: ${data.sites.length} sites, ${data.devices.length} devices, ${data.zones.length} zones, ${data.events.length} alarm events`);

    const verified = new Date(now - 30 * DAY_MS);
    const base = { password_hash: passwordHash, phone_number: null, email_verified_at: null, disabled_at: null };
    const users: (UserRow & { key: string })[] = [
      {
        ...base,
        key: 'support',
        username: 'support.admin',
        name: 'Sam Support',
        email: 'support.admin@example.com',
        application_num: APPLICATION.internal,
        dealer_number: null,
        current_site_group_num: 9993,
        can_edit_news: true,
        beta_user: false,
        roles: ['reportRead'],
        email_verified_at: verified,
      },
      {
        ...base,
        key: 'beta',
        username: 'dealer.beta',
        name: 'Dana Whitfield',
        email: 'dealer.beta@example.com',
        phone_number: '+13125550187',
        application_num: APPLICATION.dealer,
        dealer_number: '9993',
        current_site_group_num: 9993,
        beta_user: true,
        roles: ['reportRead', 'billingRead', 'level8'],
        // §6 Answering Service: level8, ansServiceBlockFlag and group 9993's answering service (4120 has none).
        auth_flags: ['xtAdmin', 'allowCreateAccountFlag', 'ansServiceBlockFlag'],
        email_verified_at: verified,
      },
      {
        ...base,
        key: 'classic',
        username: 'dealer.classic',
        name: 'Chris Lindqvist',
        email: 'dealer.classic@example.com',
        application_num: APPLICATION.dealer,
        dealer_number: '4120',
        current_site_group_num: 4120,
        beta_user: false,
        roles: ['reportRead'],
        email_verified_at: verified,
      },
      {
        ...base,
        key: 'newuser',
        username: 'dealer.newuser',
        name: 'Noah Newman',
        email: null,
        application_num: APPLICATION.dealer,
        dealer_number: '9993',
        current_site_group_num: 9993,
        beta_user: true,
        roles: ['reportRead'],
        mfa_required: true,
        username_reset_required: true,
        verify_security_questions: true,
        password_reset_required: true,
        terms_required: true,
        privacy_policy_required: true,
      },
      {
        ...base,
        key: 'customer',
        username: 'customer@example.com',
        name: 'Casey Carter',
        email: 'customer@example.com',
        phone_number: '+16305550164',
        application_num: APPLICATION.customer,
        dealer_number: null,
        current_site_group_num: null,
        roles: CUSTOMER_ROLES,
        email_verified_at: verified,
      },
      {
        ...base,
        key: 'summit',
        username: DEMO_SHARED_CONTACT_DEALER.username,
        name: DEMO_SHARED_CONTACT_DEALER.name,
        email: DEMO_SHARED_CONTACT_DEALER.email,
        application_num: APPLICATION.dealer,
        dealer_number: DEMO_SHARED_CONTACT_DEALER.dealerNumber,
        current_site_group_num: DEMO_SHARED_CONTACT_DEALER.siteGroupNum,
        beta_user: true,
        // The dealer who holds no role and no flag: the drawer's gated items stay hidden (README demo users).
        roles: [],
        email_verified_at: verified,
      },
      {
        ...base,
        key: 'staffCustomer',
        username: DEMO_STAFF_CUSTOMER.email,
        name: DEMO_STAFF_CUSTOMER.name,
        email: DEMO_STAFF_CUSTOMER.email,
        password_hash: null,
        application_num: APPLICATION.customer,
        dealer_number: null,
        current_site_group_num: null,
        roles: CUSTOMER_ROLES,
        privacy_policy_required: true,
      },
      {
        // Application 1 without reportRead or canEdit: no Reports, Support, News Setup or Banner Settings.
        ...base,
        key: 'viewer',
        username: DEMO_LIMITED_USERS.staff.username,
        name: DEMO_LIMITED_USERS.staff.name,
        email: DEMO_LIMITED_USERS.staff.email,
        application_num: APPLICATION.internal,
        dealer_number: null,
        current_site_group_num: 9993,
        can_edit_news: false,
        beta_user: false,
        roles: [],
        email_verified_at: verified,
      },
      {
        // Application 3 without roles: Home and Account Info only.
        ...base,
        key: 'basicCustomer',
        username: DEMO_LIMITED_USERS.customer.email,
        name: DEMO_LIMITED_USERS.customer.name,
        email: DEMO_LIMITED_USERS.customer.email,
        application_num: APPLICATION.customer,
        dealer_number: null,
        current_site_group_num: null,
        roles: [],
        email_verified_at: verified,
      },
    ];
    const ids: Record<string, number> = {};
    for (const { key, ...row } of users) {
      const inserted = await trx.insertInto('users').values(row).returning('user_id').executeTakeFirstOrThrow();
      ids[key] = inserted.user_id;
    }

    await insertChunked(trx, 'user_account_groups', [
      ...DEMO_GROUPS.map((g) => ({ user_id: ids.support, site_group_num: g.siteGroupNum })),
      { user_id: ids.beta, site_group_num: 9993 },
      { user_id: ids.beta, site_group_num: 4120 },
      { user_id: ids.classic, site_group_num: 4120 },
      { user_id: ids.newuser, site_group_num: 9993 },
      { user_id: ids.summit, site_group_num: DEMO_SHARED_CONTACT_DEALER.siteGroupNum },
      { user_id: ids.viewer, site_group_num: 9993 },
    ]);
    // The tests of the accounts on test: placed by dealer.beta in its groups.
    await insertChunked(
      trx,
      'site_tests',
      onTest.tests.map(({ groupNum, ...test }) => ({ ...test, created_by: groupNum === 9993 || groupNum === 4120 ? ids.beta : null })),
    );
    await insertChunked(trx, 'user_contact_methods', [
      { user_id: ids.support, type: 'email', value: 'support.admin@example.com', verified_at: verified },
      { user_id: ids.beta, type: 'email', value: 'dealer.beta@example.com', verified_at: verified },
      { user_id: ids.beta, type: 'cellPhone', value: '+13125550187', verified_at: verified },
      { user_id: ids.classic, type: 'email', value: 'dealer.classic@example.com', verified_at: verified },
      { user_id: ids.customer, type: 'email', value: 'customer@example.com', verified_at: verified },
      { user_id: ids.summit, type: 'email', value: DEMO_SHARED_CONTACT_DEALER.email, verified_at: verified },
      { user_id: ids.viewer, type: 'email', value: DEMO_LIMITED_USERS.staff.email, verified_at: verified },
      { user_id: ids.basicCustomer, type: 'email', value: DEMO_LIMITED_USERS.customer.email, verified_at: verified },
    ]);
    await insertChunked(
      trx,
      'user_security_questions',
      DEMO_SECURITY_QUESTIONS.map((q, i) => ({ user_id: ids.beta, position: i + 1, question: q.question, answer_hash: answerHashes[i] })),
    );
    await insertChunked(
      trx,
      'msa_account_links',
      customerSites.map((s, i) => ({
        user_id: ids.customer,
        site_num: s.siteNum,
        is_default: i === 0,
        created_at: new Date(now - (60 - i) * DAY_MS),
      })),
    );

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

    // The customer without roles: one linked account (the third home of the live-alarm group).
    const basicSite = data.info.filter((site) => site.groupNum === 9993 && site.residential)[2];
    await trx
      .insertInto('msa_account_links')
      .values({ user_id: ids.basicCustomer, site_num: basicSite.siteNum, is_default: true })
      .execute();

    // A create-account draft of dealer.beta: /site/create offers to resume it.
    await trx
      .insertInto('site_drafts')
      .values({ user_id: ids.beta, site_group_num: 9993, step: DEMO_SITE_DRAFT.step, data: JSON.stringify(DEMO_SITE_DRAFT.data) })
      .execute();

    // Reports: a finished top-alarm-accounts run of dealer.beta with its file, emailed as the
    // link /reports-download/demo-report-link (the code goes to dealer.beta's address), and a failed one.
    const csv = Buffer.from(
      '\uFEFFRank,Account,Account name,Signals,Last signal\n' +
        data.info
          .filter((site) => site.groupNum === 9993)
          .slice(0, 5)
          .map(
            (site, i) =>
              `${i + 1},${site.siteNum},"${site.row.site_name}",${40 - i * 6},${new Date(now - i * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')}`,
          )
          .join('\n') +
        '\n',
    );
    const [doneRun] = await trx
      .insertInto('report_runs')
      .values([
        {
          user_id: ids.beta,
          site_group_num: 9993,
          report_id: 'topAlarmAccounts',
          report_name: 'Top alarm accounts',
          format: 'csv',
          parameters: JSON.stringify({ period: 'last7Days', kinds: ['alarm'], limit: 5 }),
          time_zone: 'America/Chicago',
          status: 'done',
          progress: 100,
          row_count: 5,
          size_bytes: csv.length,
          file_name: 'topAlarmAccounts-demo.csv',
          content_type: 'text/csv; charset=utf-8',
          attempts: 1,
          created_at: new Date(now - 2 * 3_600_000),
          started_at: new Date(now - 2 * 3_600_000),
          finished_at: new Date(now - 2 * 3_600_000 + 4_000),
        },
        {
          user_id: ids.beta,
          site_group_num: 9993,
          report_id: 'openCloseExceptions',
          report_name: 'Open/close exceptions',
          format: 'pdf',
          parameters: JSON.stringify({ period: 'lastMonth', exceptions: ['lateToOpen', 'earlyToClose'], graceMinutes: 15, siteNums: [] }),
          time_zone: 'America/Chicago',
          status: 'failed',
          error: 'reports.errors.failed',
          attempts: 3,
          created_at: new Date(now - 26 * 3_600_000),
          started_at: new Date(now - 26 * 3_600_000),
          finished_at: new Date(now - 25 * 3_600_000),
        },
      ])
      .returning('report_run_id')
      .execute();
    await trx.insertInto('report_file_chunks').values({ report_run_id: doneRun.report_run_id, seq: 0, bytes: csv }).execute();
    await trx
      .insertInto('report_links')
      .values({
        link_id: 'demo-report-link',
        report_run_id: doneRun.report_run_id,
        email: 'dealer.beta@example.com',
        expires_at: new Date(now - 2 * 3_600_000 + 30 * DAY_MS),
      })
      .execute();
    // A paused weekly schedule of dealer.beta: /reports/schedules has a row to show, and the due
    // pass never runs it (no next run while it is paused).
    await trx
      .insertInto('report_schedules')
      .values({
        user_id: ids.beta,
        site_group_num: 9993,
        name: 'Weekly top alarm accounts',
        report_id: 'topAlarmAccounts',
        format: 'csv',
        parameters: JSON.stringify({ period: 'last7Days', kinds: ['alarm'], limit: 5 }),
        frequency: 'weekly',
        time_of_day: '07:00',
        weekday: 1,
        month_day: null,
        time_zone: 'America/Chicago',
        recipients: ['dealer.beta@example.com'],
        active: false,
        next_run_at: null,
        last_run_at: null,
      })
      .execute();

    // The staff-created customer: one linked account and the set-your-password link, sent at seed time.
    await trx
      .insertInto('msa_account_links')
      .values({ user_id: ids.staffCustomer, site_num: DEMO_STAFF_CUSTOMER.siteNum, is_default: true })
      .execute();
    const otp = randomToken();
    await trx
      .insertInto('one_time_tokens')
      .values({
        token_hash: sha256(otp),
        kind: 'registrationOtp',
        user_id: ids.staffCustomer,
        payload: '{}',
        created_at: new Date(now),
        expires_at: new Date(now + STAFF_OTP_DAYS * DAY_MS),
        used_at: null,
      })
      .execute();
    await trx
      .insertInto('outbox_messages')
      .values({
        channel: 'email',
        recipient: DEMO_STAFF_CUSTOMER.email,
        subject: 'Set your password',
        body:
          `An account has been created for you in My Security Account. Open this link to choose your password:\n\n` +
          `${publicUrl.replace(/\/$/, '')}/login/register?otp=${otp}\n\nThe link expires in ${STAFF_OTP_DAYS * 24} hours.`,
      })
      .execute();

    // A staff member dealer.beta invited: the Users page lists them as invited.
    await seedInvitedStaff(trx, { invitedBy: ids.beta, publicUrl, now });
    // Support: a locked and a disabled user, sign-in attempts and a past impersonation of dealer.beta.
    await seedSupportDemo(trx, { passwordHash, supportUserId: ids.support, betaUserId: ids.beta, customerUserId: ids.customer, now });

    // Favourites and recents of the dealer users, in their groups.
    const inGroup = (groupNum: number) => data.info.filter((s) => s.groupNum === groupNum);
    const favorites: Insertable<Database['site_favorites']>[] = [];
    const recents: Insertable<Database['site_recents']>[] = [];
    for (const [userId, groupNum, favCount, recentCount] of [
      [ids.beta, 9993, 6, 8],
      [ids.beta, 4120, 1, 2],
      [ids.classic, 4120, 4, 6],
      [ids.newuser, 9993, 2, 3],
    ] as const) {
      const picked = sample(rng, inGroup(groupNum), favCount + recentCount);
      picked.slice(0, favCount).forEach((s, i) =>
        favorites.push({
          user_id: userId,
          site_num: s.siteNum,
          dev_num: s.devNums[0],
          created_at: new Date(now - (i + 1) * 7 * DAY_MS),
        }),
      );
      // Recents overlap the favourites a little, as they would in real use.
      picked
        .slice(Math.max(0, favCount - 2))
        .slice(0, recentCount)
        .forEach((s, i) =>
          recents.push({
            user_id: userId,
            site_num: s.siteNum,
            dev_num: s.devNums[0],
            accessed_at: new Date(now - (i + 1) * 3_600_000 * randomInt(rng, 1, 20)),
          }),
        );
    }
    await insertChunked(trx, 'site_favorites', favorites);
    await insertChunked(trx, 'site_recents', recents);

    // News, banner, privacy policy and acceptances.
    await insertChunked(
      trx,
      'news_items',
      DEMO_NEWS.map((n) => ({
        title: n.title,
        body: n.body,
        effective_date: daysFromNow(now, n.effectiveInDays),
        expiration_date: daysFromNow(now, n.expiresInDays),
        sort_order: n.sortOrder,
        icon: n.icon,
        color: n.color,
        document_name: null,
        url: n.url,
        created_by: ids.support,
        updated_by: ids.support,
      })),
    );
    await trx
      .insertInto('status_banner')
      .values({ active: true, ...DEMO_BANNER, updated_by: ids.support })
      .execute();
    const policy = await trx
      .insertInto('privacy_policies')
      .values({ policy_text: DEMO_PRIVACY_POLICY, created_by: ids.support, created_at: new Date(now - 90 * DAY_MS) })
      .returning('version')
      .executeTakeFirstOrThrow();
    const accepted = [ids.support, ids.beta, ids.classic, ids.customer, ids.summit];
    await insertChunked(
      trx,
      'privacy_policy_acceptances',
      accepted.map((user_id) => ({
        user_id,
        version: policy.version,
        accepted_at: new Date(now - 45 * DAY_MS),
        ip: null,
      })),
    );
    await insertChunked(
      trx,
      'terms_acceptances',
      accepted.map((user_id) => ({
        user_id,
        accepted_at: new Date(now - 45 * DAY_MS),
        ip: null,
      })),
    );

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
          users: users.length,
        }),
      })
      .execute();
  });
  log(`demo: ${DEMO_GROUPS.length} account groups and 7 users seeded in ${Date.now() - started} ms`);
}
