import type { Insertable } from 'kysely';
import { ACCOUNT_CHANGE_CODE } from '../../../../../schemas/events.js';
import type { SiteStatus } from '../../../../../schemas/sites.js';
import type { Db } from '../../database.js';
import type {
  AlarmEventsTable,
  ContactsTable,
  DevicesTable,
  PasscodesTable,
  PremisePhonesTable,
  ScheduleHolidaysTable,
  SchedulesTable,
  SiteAgenciesTable,
  SitesTable,
  ZonesTable,
} from '../../schema.js';
import { chance, digits, pick, randomInt, sample, weightedPick, type Random } from '../random.js';
import { BUSINESS_ZONES, DEVICE_DESCRIPTIONS, EVENT_CODES, PANEL_TYPES, RESIDENTIAL_ZONES, type ZoneTemplate } from './deviceWords.js';
import { DEMO_GROUPS } from './groups.js';
import { DAY_MS, insertChunked } from './helpers.js';
import { DEMO_SHOWCASE_SITES, type DemoAgency } from './showcaseSites.js';
import {
  AGENCY_SUFFIXES,
  BUSINESS_PREFIXES,
  BUSINESS_RELATIONS,
  BUSINESS_TYPES,
  CITIES,
  FIRST_NAMES,
  GUARD_COMPANIES,
  LAST_NAMES,
  PASSCODE_NAMES,
  PASSCODE_WORDS,
  PHONE_FORMATS,
  PREMISE_PHONE_LABELS,
  RESIDENCE_SUFFIXES,
  RESIDENTIAL_RELATIONS,
  STATUS_WEIGHTS,
  STREET_NAMES,
  STREET_SUFFIXES,
  type City,
} from './siteWords.js';

const FIRST_DEMO_SITE_NUM = 100001;
const FIRST_DEMO_DEV_NUM = 500001;

/** What the later steps read of a generated account (its row and first contact are the ones inserted). */
export interface SiteInfo {
  siteNum: number;
  groupNum: number;
  residential: boolean;
  devNums: number[];
  firstContact: Insertable<ContactsTable>;
  row: Insertable<SitesTable>;
}

/** The generated rows, by table, and each account's SiteInfo. */
export interface SiteData {
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
export function nextDate(now: number, month: number, day: number): string {
  const today = new Date(now);
  let year = today.getUTCFullYear();
  if (Date.UTC(year, month - 1, day) < Date.UTC(year, today.getUTCMonth(), today.getUTCDate())) year += 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The accounts of every demo group with their devices, zones, call lists, passcodes, schedules,
 * agencies, premise phones and alarm history (the showcase accounts as written out). Every choice
 * comes from `rng` in this order: a change here changes the whole demo data set.
 */
export function buildSites(rng: Random, now: number): SiteData {
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

/** Inserts the accounts and all they hold; the triggers fill the search documents and event counts. */
export async function insertSites(db: Db, data: SiteData): Promise<void> {
  await insertChunked(db, 'sites', data.sites);
  await insertChunked(db, 'devices', data.devices);
  await insertChunked(db, 'zones', data.zones);
  await insertChunked(db, 'contacts', data.contacts);
  await insertChunked(db, 'passcodes', data.passcodes);
  await insertChunked(db, 'schedules', data.schedules);
  await insertChunked(db, 'schedule_holidays', data.holidays);
  await insertChunked(db, 'site_agencies', data.agencies);
  await insertChunked(db, 'premise_phones', data.premisePhones);
  await insertChunked(db, 'alarm_events', data.events);
}
