import { addressDisplay } from '../../common/address.js';
import { sql, type ExpressionBuilder } from 'kysely';
import type { EventKind } from '../../../schemas/events.js';
import type { PasscodeReveal, SiteDetail } from '../../../schemas/sites.js';
import { dateIn, siteWarnings } from '../../common/siteWarnings.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { iso } from '../db/listing.js';
import { rowAddress, siteAddressColumns } from '../db/siteAddress.js';
import { siteScope, type ScopeUser } from '../db/siteScope.js';

/** A masked passcode is this bullet once per character ('••••'): its length is all the account view shows. */
const MASK = '•';

/** Agencies in the order a call is made: police, fire, medical, guard. */
const agencyOrder = sql<number>`array_position(array['police', 'fire', 'medical', 'guard']::text[], site_agencies.kind)`;

/**
 * The account view (GET /api/sites/{siteNum}) and the passcode
 * reveal. Every query starts from a site within siteScope of the user who
 * asks: a site out of scope and a site that does not exist answer alike
 * (undefined).
 */
/** When the device last sent an event of a kind (or of any kind but one): its keyset index, newest first, answers it. */
function newestEvent(eb: ExpressionBuilder<Database, 'devices'>, op: '=' | '!=', kind: EventKind) {
  return eb
    .selectFrom('alarm_events')
    .select('alarm_events.alarm_date')
    .whereRef('alarm_events.dev_num', '=', 'devices.dev_num')
    .where('alarm_events.event_kind', op, kind)
    .orderBy('alarm_events.alarm_date', 'desc')
    .limit(1);
}

export function siteDetailRepository(db: Db) {
  return {
    /** The whole account, passcodes masked; undefined when out of scope or missing. */
    async get(user: ScopeUser, siteNum: number, now: Date = new Date()): Promise<SiteDetail | undefined> {
      const site = await db
        .selectFrom('sites')
        .select((eb) => [
          'sites.site_num',
          'sites.site_name',
          'sites.site_group_num',
          'sites.status',
          'sites.site_type',
          'sites.time_zone',
          ...siteAddressColumns,
          eb
            .exists(
              eb
                .selectFrom('site_favorites')
                .select('site_favorites.site_num')
                .whereRef('site_favorites.site_num', '=', 'sites.site_num')
                .where('site_favorites.user_id', '=', user.user_id),
            )
            .as('is_favorite'),
        ])
        .where('sites.site_num', '=', siteNum)
        .where(siteScope(user))
        .executeTakeFirst();
      if (!site) return undefined;

      const [devices, zones, contactRows, passcodes, schedules, holidays, agencies, premisePhones] = await Promise.all([
        db
          .selectFrom('devices')
          .select((eb) => [
            'dev_num as devNum',
            'transmitter_code as transmitterCode',
            'panel_type as panelType',
            'description',
            'on_test_until',
            newestEvent(eb, '!=', 'change').as('last_signal_at'),
            newestEvent(eb, '=', 'test').as('last_test_at'),
          ])
          .where('site_num', '=', siteNum)
          .orderBy('dev_num')
          .execute(),
        db
          .selectFrom('zones')
          .innerJoin('devices', 'devices.dev_num', 'zones.dev_num')
          .select(['zones.dev_num as devNum', 'zones.zone_num as zoneNum', 'zones.description', 'zones.event_type as eventType'])
          .where('devices.site_num', '=', siteNum)
          .orderBy('zones.dev_num')
          .orderBy('zones.zone_num')
          .execute(),
        db
          .selectFrom('contacts')
          .select([
            'contact_id as contactId',
            'position',
            'name',
            'relation',
            'phone_number as phoneNumber',
            'email',
            'has_key as hasKey',
            'verifies',
            'passcode',
          ])
          .where('site_num', '=', siteNum)
          .orderBy('position')
          .orderBy('contact_id')
          .execute(),
        db
          .selectFrom('passcodes')
          .select(['passcode_id', 'name', 'is_duress', sql<number>`char_length(passcode)`.as('length')])
          .where('site_num', '=', siteNum)
          .orderBy('passcode_id')
          .execute(),
        db
          .selectFrom('schedules')
          .select([
            'schedule_id as scheduleId',
            'name',
            'day_of_week as dayOfWeek',
            sql<string>`to_char(opens_at, 'HH24:MI')`.as('opensAt'),
            sql<string>`to_char(closes_at, 'HH24:MI')`.as('closesAt'),
          ])
          .where('site_num', '=', siteNum)
          .orderBy('day_of_week')
          .orderBy('opens_at')
          .orderBy('schedule_id')
          .execute(),
        db
          .selectFrom('schedule_holidays')
          .select([
            'holiday_id as holidayId',
            sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date'),
            'name',
            sql<string | null>`to_char(opens_at, 'HH24:MI')`.as('opensAt'),
            sql<string | null>`to_char(closes_at, 'HH24:MI')`.as('closesAt'),
          ])
          .where('site_num', '=', siteNum)
          .orderBy('date')
          .execute(),
        db
          .selectFrom('site_agencies')
          .select([
            'agency_id as agencyId',
            'kind',
            'name',
            'phone_number as phoneNumber',
            'permit_number as permitNumber',
            sql<string | null>`to_char(permit_expires_on, 'YYYY-MM-DD')`.as('permitExpiresOn'),
          ])
          .where('site_num', '=', siteNum)
          .orderBy(agencyOrder)
          .orderBy('agency_id')
          .execute(),
        db
          .selectFrom('premise_phones')
          .select(['phone_id as phoneId', 'label', 'phone_number as phoneNumber'])
          .where('site_num', '=', siteNum)
          .orderBy('phone_id')
          .execute(),
      ]);

      const address = rowAddress(site);
      // The contact's passcode leaves the database as bullets only.
      const contacts = contactRows.map(({ passcode, ...contact }) => ({
        ...contact,
        passcodeMasked: passcode ? MASK.repeat([...passcode].length) : null,
      }));
      const detail = {
        contacts,
        // The length only ever leaves the database: the clear value is the reveal's alone.
        passcodes: passcodes.map((p) => ({
          passcodeId: p.passcode_id,
          name: p.name,
          masked: MASK.repeat(Number(p.length)),
          isDuress: p.is_duress,
        })),
        agencies,
        premisePhones,
      };
      return {
        id: site.site_num,
        siteNum: site.site_num,
        siteName: site.site_name,
        siteGroupNum: site.site_group_num,
        status: site.status,
        siteType: site.site_type,
        timeZone: site.time_zone,
        address,
        addressDisplay: addressDisplay(address),
        isFavorite: Boolean(site.is_favorite),
        devices: devices.map(({ on_test_until, last_signal_at, last_test_at, ...device }) => ({
          ...device,
          onTestUntil: iso(on_test_until),
          lastSignalAt: iso(last_signal_at),
          lastTestAt: iso(last_test_at),
        })),
        zones,
        schedules,
        holidays,
        ...detail,
        warnings: siteWarnings(detail, dateIn(site.time_zone, now)),
      };
    },

    /** A passcode of a site in scope, in clear (the caller audits it); undefined when either is out of reach. */
    async reveal(user: ScopeUser, siteNum: number, passcodeId: number): Promise<PasscodeReveal | undefined> {
      const row = await db
        .selectFrom('passcodes')
        .innerJoin('sites', 'sites.site_num', 'passcodes.site_num')
        .select(['passcodes.passcode_id', 'passcodes.passcode'])
        .where('passcodes.passcode_id', '=', passcodeId)
        .where('passcodes.site_num', '=', siteNum)
        .where(siteScope(user))
        .executeTakeFirst();
      return row && { passcodeId: row.passcode_id, passcode: row.passcode };
    },
  };
}
