/**
 * Instants shown in an account's time zone (the premises' clock), wherever an account's times
 * appear (the tests panel, the device table's "On test until"): Intl alone, the zone named by the
 * caller's text. The zone's clock read as a number is src/common/zoneClock.ts.
 */

/** Whether Intl knows the zone; an unknown one reads as UTC. */
export function knownZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** An instant as the locale writes a date and time, in the premises' time zone; '' when missing or not a date. */
export function formatInZone(iso: string | number | null | undefined, timeZone: string, language: string): string {
  if (iso === null || iso === undefined || iso === '') return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { timeZone: knownZone(timeZone), dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
