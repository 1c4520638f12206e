import { beforeAll, describe, expect, it } from 'vitest';
import { loadDateLocale } from '../../i18n/calendar.js';
import { SITE_WARNINGS } from '../../../../schemas/sites.js';
import {
  SITE_INFO_SECTIONS,
  WARNING_ANCHORS,
  anchorId,
  callOrder,
  currentDevice,
  dateLocale,
  formatClock,
  formatDateTime,
  formatDay,
  groupSchedulesByDay,
  localToday,
  maskOf,
  passcodeText,
  permitState,
  telHref,
  zonesByDevice,
} from './siteInfoRules.js';

const schedule = (scheduleId: number, dayOfWeek: number, opensAt: string, closesAt: string, name = 'Regular Hours') => ({
  scheduleId,
  name,
  dayOfWeek,
  opensAt,
  closesAt,
});

// The French and Spanish calendars load with the language (calendar.ts).
beforeAll(() => Promise.all([loadDateLocale('fr'), loadDateLocale('es')]));

describe('the completeness warnings link to their section', () => {
  it('every warning of the contract has a section of the page (or the premise phones inside the overview)', () => {
    for (const warning of SITE_WARNINGS) {
      const anchor = WARNING_ANCHORS[warning];
      expect([...SITE_INFO_SECTIONS, 'premisePhones']).toContain(anchor);
    }
  });
  it('no passcode → passcodes, few verifiers → call list, no agency and no permit → agencies, no premise phone → the phones', () => {
    expect(WARNING_ANCHORS.noPasscode).toBe('passcodes');
    expect(WARNING_ANCHORS.fewVerificationContacts).toBe('contacts');
    expect(WARNING_ANCHORS.noAgency).toBe('agencies');
    expect(WARNING_ANCHORS.noPermit).toBe('agencies');
    expect(WARNING_ANCHORS.noPremisePhone).toBe('premisePhones');
  });
  it('ids are distinct per anchor', () => {
    const ids = [...SITE_INFO_SECTIONS, 'premisePhones' as const].map(anchorId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(anchorId('contacts')).toBe('site-info-contacts');
  });
});

describe('schedules grouped by day', () => {
  it('puts each period under its day, sorted by opening time; days without periods stay, empty', () => {
    const days = groupSchedulesByDay(
      [schedule(1, 1, '13:00', '17:00'), schedule(2, 1, '08:00', '12:00'), schedule(3, 6, '09:00', '14:00', 'Saturday')],
      dateLocale('en'),
    );
    expect(days.map((d) => d.dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(days[1].periods.map((p) => p.scheduleId)).toEqual([2, 1]);
    expect(days[6].periods.map((p) => p.scheduleId)).toEqual([3]);
    expect(days[0].periods).toEqual([]);
  });
  it('does not reorder the caller’s array', () => {
    const input = [schedule(1, 2, '13:00', '17:00'), schedule(2, 2, '08:00', '12:00')];
    groupSchedulesByDay(input, dateLocale('fr'));
    expect(input.map((s) => s.scheduleId)).toEqual([1, 2]);
  });
  it('writes the premises’ times as the locale does, and leaves what is no time alone', () => {
    expect(formatClock('08:00', dateLocale('en'))).toBe('8:00 AM');
    expect(formatClock('17:30', dateLocale('fr'))).toBe('17:30');
    expect(formatClock('24:00', dateLocale('en'))).toBe('24:00');
    expect(formatClock('soon', dateLocale('en'))).toBe('soon');
  });
});

describe('permit expiry', () => {
  it('a permit is valid through the day it expires on and expired the day after', () => {
    expect(permitState({ permitNumber: 'P-1', permitExpiresOn: '2025-06-30' }, '2025-06-30')).toBe('valid');
    expect(permitState({ permitNumber: 'P-1', permitExpiresOn: '2025-06-30' }, '2025-07-01')).toBe('expired');
    expect(permitState({ permitNumber: 'P-1', permitExpiresOn: '2026-01-01' }, '2025-12-31')).toBe('valid');
  });
  it('a permit without an expiry date is valid; no permit is none', () => {
    expect(permitState({ permitNumber: 'P-1', permitExpiresOn: null }, '2025-06-30')).toBe('valid');
    expect(permitState({ permitNumber: null, permitExpiresOn: null }, '2025-06-30')).toBe('none');
  });
  it('today is the browser’s local calendar day', () => {
    expect(localToday(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });
});

describe('passcode masking', () => {
  it('shows the server’s mask until revealed, then the clear value', () => {
    expect(passcodeText('••••', undefined)).toBe('••••');
    expect(passcodeText('••••', '4321')).toBe('4321');
  });
  it('a mask is as long as the passcode, in characters', () => {
    expect(maskOf('harbor42')).toBe('••••••••');
    expect(maskOf('')).toBe('');
    expect(maskOf('é1')).toBe('••');
  });
});

describe('formatting', () => {
  it('an instant in the user’s language; nothing for a missing or broken value', () => {
    const iso = new Date(2025, 2, 3, 14, 5).toISOString();
    expect(formatDateTime(iso, dateLocale('en'))).toBe('Mar 3, 2025, 2:05 PM');
    expect(formatDateTime(iso, dateLocale('fr'))).toBe('3 mars 2025, 14:05');
    expect(formatDateTime(null, dateLocale('en'))).toBe('');
    expect(formatDateTime('not a date', dateLocale('en'))).toBe('');
  });
  it('a calendar date stays that day whatever the time zone', () => {
    expect(formatDay('2025-03-03', dateLocale('en'))).toBe('Mar 3, 2025');
    expect(formatDay('2025-03-03', dateLocale('es'))).toBe('3 mar 2025');
    expect(formatDay(null, dateLocale('en'))).toBe('');
  });
  it('unknown languages fall back to English', () => {
    expect(dateLocale('de')).toBe(dateLocale('en'));
    expect(dateLocale('fr-CA')).toBe(dateLocale('fr'));
  });
  it('phone numbers become tel: links of their digits (a leading + kept)', () => {
    expect(telHref('(312) 555-0142')).toBe('tel:3125550142');
    expect(telHref('+1 312 555 0142')).toBe('tel:+13125550142');
    expect(telHref('+13125550142;ext=12')).toBe('tel:+13125550142;ext=12');
    expect(telHref('n/a')).toBeUndefined();
    expect(telHref(null)).toBeUndefined();
  });
});

describe('devices, zones and contacts', () => {
  it('groups zones under their device in the account’s device order, zones by number', () => {
    const groups = zonesByDevice(
      [{ devNum: 2 }, { devNum: 1 }],
      [
        { devNum: 1, zoneNum: 2, description: 'b', eventType: 'BA' },
        { devNum: 2, zoneNum: 1, description: 'c', eventType: 'FA' },
        { devNum: 1, zoneNum: 1, description: 'a', eventType: 'BA' },
        { devNum: 9, zoneNum: 1, description: 'x', eventType: 'BA' },
      ],
    );
    expect(groups.map((g) => [g.devNum, g.zones.map((z) => z.description)])).toEqual([
      [2, ['c']],
      [1, ['a', 'b']],
      [9, ['x']],
    ]);
  });
  it('a device without zones keeps its (empty) group', () => {
    expect(zonesByDevice([{ devNum: 1 }], [])).toEqual([{ devNum: 1, zones: [] }]);
  });
  it('the call list is in calling order', () => {
    expect(callOrder([{ position: 3 }, { position: 1 }, { position: 2 }]).map((c) => c.position)).toEqual([1, 2, 3]);
  });
  it('the current device is the one of dn, else the first', () => {
    const devices = [{ devNum: 10 }, { devNum: 11 }];
    expect(currentDevice(devices, 11)).toEqual({ devNum: 11 });
    expect(currentDevice(devices, 99)).toEqual({ devNum: 10 });
    expect(currentDevice(devices, undefined)).toEqual({ devNum: 10 });
    expect(currentDevice([], 1)).toBeUndefined();
  });
});
