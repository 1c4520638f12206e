/**
 * Instants shown in an account's time zone (the premises' clock), wherever an account's times
 * appear (the tests panel, the device table's "On test until"), and the zone's clock read as a
 * number (the history pages' day bounds, the test dialog's start time): Intl alone, the zone named
 * by the caller's text, one reading formatter per zone.
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

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time in `timeZone` at `instant`, as the milliseconds of the same reading in UTC. */
export function wallTime(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    wallClock(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour) % 24,
    Number(parts.minute),
    Number(parts.second),
  );
}
