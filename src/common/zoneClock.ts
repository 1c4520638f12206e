/**
 * The wall clock of an IANA time zone at an instant, read with Intl: the history's day bounds, the
 * test dialog's start time, an account's today, the export's file name. One formatter per zone,
 * made once; an unknown zone throws Intl's RangeError. (The report writers keep a formatter of
 * their own, to the minute, made once per run: a date cell costs about 12 % more through this one.)
 */

const clocks = new Map<string, Intl.DateTimeFormat>();

function clock(timeZone: string): Intl.DateTimeFormat {
  let formatter = clocks.get(timeZone);
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
    clocks.set(timeZone, formatter);
  }
  return formatter;
}

/** A wall-clock reading, each part as Intl writes it with two digits (four for the year; hours 00 to 23). */
interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** The wall clock in `timeZone` at `instant`. */
function wallClock(instant: Date | number, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    clock(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  ) as unknown as WallClock;
  // Some engines write midnight as 24 even with hourCycle h23.
  if (parts.hour === '24') parts.hour = '00';
  return parts;
}

/** The wall-clock time in `timeZone` at `instant`, as the milliseconds of the same reading in UTC. */
export function wallTime(instant: Date | number, timeZone: string): number {
  const c = wallClock(instant, timeZone);
  return Date.UTC(Number(c.year), Number(c.month) - 1, Number(c.day), Number(c.hour), Number(c.minute), Number(c.second));
}

/** The wall clock in `timeZone` at `instant` as 'YYYY-MM-DDTHH:mm:ss' (slice it for the day or the minute). */
export function wallClockText(instant: Date | number, timeZone: string): string {
  const c = wallClock(instant, timeZone);
  return `${c.year}-${c.month}-${c.day}T${c.hour}:${c.minute}:${c.second}`;
}
