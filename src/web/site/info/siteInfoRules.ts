import { format, parseISO } from 'date-fns';
import type { Locale } from 'date-fns';
import type { SiteDetail, SiteWarning } from '../../../../schemas/sites.js';
import { weekDays } from '../../i18n/calendar.js';

/**
 * The rules of /site/info (SPEC §2 /site/*, §3 site/account): which section each
 * completeness warning points at, schedules grouped by day, permit expiry, the 30-second
 * passcode reveal and the formatting of dates and times in the user's language.
 */

/** The sections of the page, in reading order (the in-page navigation follows it). */
export const SITE_INFO_SECTIONS = ['overview', 'devices', 'zones', 'contacts', 'passcodes', 'schedules', 'agencies'] as const;
export type SiteInfoSection = (typeof SITE_INFO_SECTIONS)[number];

/** Where a warning's link goes: a section, or the premise phones inside the overview. */
export type SiteInfoAnchor = SiteInfoSection | 'premisePhones';

/** The section (or part of one) that shows what a completeness warning says is missing. */
export const WARNING_ANCHORS: Record<SiteWarning, SiteInfoAnchor> = {
  noPasscode: 'passcodes',
  fewVerificationContacts: 'contacts',
  noAgency: 'agencies',
  noPremisePhone: 'premisePhones',
  noPermit: 'agencies',
};

/** The element id of a section or anchor (the in-page links and the warnings go there). */
export function anchorId(anchor: SiteInfoAnchor): string {
  return `site-info-${anchor}`;
}

/** How long a revealed passcode stays in clear before it is masked again. */
export const REVEAL_MS = 30_000;

// The account's pages (the dealer's and the customer's) take the language's calendar with the rest of their rules.
export { dateLocale } from '../../i18n/calendar.js';

/** An instant (ISO 8601) as the locale's date and time in the browser's time zone; '' when missing or not a date. */
export function formatDateTime(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'PPp', { locale });
}

/** A calendar date ('YYYY-MM-DD') as the locale's date; '' when missing or not a date. */
export function formatDay(day: string | null | undefined, locale: Locale): string {
  if (!day) return '';
  const date = parseISO(day);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'PP', { locale });
}

/** A premises time ('HH:MM') as the locale writes times ('8:00 AM', '08:00'); the text itself when it is no time. */
export function formatClock(time: string, locale: Locale): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return time;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours > 23 || minutes > 59) return time;
  return format(new Date(2000, 0, 1, hours, minutes), 'p', { locale });
}

export type Schedule = SiteDetail['schedules'][number];

export interface ScheduleDay {
  dayOfWeek: number;
  /** That day's periods, by opening time. */
  periods: Schedule[];
}

/** The schedules grouped by day, every day of the locale's week in order (a day without periods has none). */
export function groupSchedulesByDay(schedules: readonly Schedule[], locale: Locale): ScheduleDay[] {
  return weekDays(locale).map((dayOfWeek) => ({
    dayOfWeek,
    periods: schedules
      .filter((s) => s.dayOfWeek === dayOfWeek)
      .sort((a, b) => a.opensAt.localeCompare(b.opensAt) || a.closesAt.localeCompare(b.closesAt) || a.name.localeCompare(b.name)),
  }));
}

/** Today as 'YYYY-MM-DD' in the browser's time zone. */
export function localToday(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}

export type PermitState = 'none' | 'valid' | 'expired';

/** A permit is valid through the day it expires on, expired from the next day; 'none' without a permit. */
export function permitState(
  agency: Pick<SiteDetail['agencies'][number], 'permitNumber' | 'permitExpiresOn'>,
  today: string = localToday(),
): PermitState {
  if (!agency.permitNumber && !agency.permitExpiresOn) return 'none';
  if (agency.permitExpiresOn && agency.permitExpiresOn < today) return 'expired';
  return 'valid';
}

/** What a passcode cell shows: the clear value while it is revealed, else the server's mask. */
export function passcodeText(masked: string, revealed: string | undefined): string {
  return revealed ?? masked;
}

/** A mask as long as the passcode, for when the server sends none ('••••'). */
export function maskOf(value: string): string {
  return '•'.repeat([...value].length);
}

/** A tel: link for a phone number as written ('(312) 555-0142' → 'tel:3125550142'); undefined when it holds no digit. */
export function telHref(phone: string | null | undefined): string | undefined {
  if (!phone) return undefined;
  // A stored E.164 number with its extension is already a tel: URI's number (RFC 3966).
  if (/^\+\d+;ext=\d+$/.test(phone)) return `tel:${phone}`;
  const digits = phone.replace(/(?!^\+)[^\d]/g, '');
  return /\d/.test(digits) ? `tel:${digits}` : undefined;
}

/** The zones under each device, devices in the account's order (zones of an unknown device last, under their own number). */
export function zonesByDevice(
  devices: readonly Pick<SiteDetail['devices'][number], 'devNum'>[],
  zones: readonly SiteDetail['zones'][number][],
): { devNum: number; zones: SiteDetail['zones'][number][] }[] {
  const order = [...devices.map((d) => d.devNum), ...zones.map((z) => z.devNum)].filter((n, i, all) => all.indexOf(n) === i);
  return order.map((devNum) => ({
    devNum,
    zones: zones.filter((z) => z.devNum === devNum).sort((a, b) => a.zoneNum - b.zoneNum),
  }));
}

/** The call list in calling order. */
export function callOrder<T extends { position: number }>(contacts: readonly T[]): T[] {
  return [...contacts].sort((a, b) => a.position - b.position);
}

/** The device the page is about: the one of `dn`, else the account's first. */
export function currentDevice<T extends { devNum: number }>(devices: readonly T[], dn: number | undefined): T | undefined {
  return devices.find((d) => d.devNum === dn) ?? devices[0];
}
