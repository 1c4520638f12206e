/** Pure rules of the events export (GET /api/events/export). */

/** The calendar day of `instant` in `timeZone`, as yyyyMMdd. */
export function dayIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}${part('month')}${part('day')}`;
}

/** events-<siteNum>-<yyyyMMdd>.csv, the day of the export in its time zone. */
export function exportFileName(siteNum: number, now: Date, timeZone: string): string {
  return `events-${siteNum}-${dayIn(now, timeZone)}.csv`;
}
