import { knownZone } from '../resources/zonedTime.js';

/**
 * Times of a test in the account's time zone (the dialog's start field and the end it shows):
 * `datetime-local` readings ('YYYY-MM-DDTHH:mm') at the premises, converted with Intl alone.
 */

const readers = new Map<string, Intl.DateTimeFormat>();

function reader(timeZone: string): Intl.DateTimeFormat {
  let formatter = readers.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    readers.set(timeZone, formatter);
  }
  return formatter;
}

/** The premises' clock at `instant`, as 'YYYY-MM-DDTHH:mm'. */
export function wallClockAt(instant: number, timeZone: string): string {
  const p = Object.fromEntries(
    reader(knownZone(timeZone))
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${String(Number(p.hour) % 24).padStart(2, '0')}:${p.minute}`;
}

const asUtc = (wall: string) => Date.parse(`${wall}:00Z`);

/**
 * The instant the premises' clock reads `wall` ('YYYY-MM-DDTHH:mm'); NaN when it is no such
 * reading. A reading a daylight-saving change skips gives the instant an hour later.
 */
export function instantOfWallClock(wall: string, timeZone: string): number {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(wall)) return NaN;
  const target = asUtc(wall);
  if (Number.isNaN(target)) return NaN;
  const offsetAt = (instant: number) => asUtc(wallClockAt(instant, timeZone)) - instant;
  const first = target - offsetAt(target);
  const second = target - offsetAt(first);
  for (const candidate of [first, second]) if (wallClockAt(candidate, timeZone) === wall) return candidate;
  return Math.max(first, second);
}
