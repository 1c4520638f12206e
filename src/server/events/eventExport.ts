import { wallClockText } from '../../common/zoneClock.js';

/** Pure rules of the events export (GET /api/events/export). */

/** The calendar day of `instant` in `timeZone`, as yyyyMMdd. */
export function dayIn(instant: Date, timeZone: string): string {
  return wallClockText(instant, timeZone).slice(0, 10).replaceAll('-', '');
}

/** events-<siteNum>-<yyyyMMdd>.csv, the day of the export in its time zone. */
export function exportFileName(siteNum: number, now: Date, timeZone: string): string {
  return `events-${siteNum}-${dayIn(now, timeZone)}.csv`;
}
