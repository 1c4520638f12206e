import { wallClockText } from '../../common/zoneClock.js';
import { knownZone } from '../resources/zonedTime.js';

/**
 * Times of a test in the account's time zone (the dialog's start field and the end it shows):
 * `datetime-local` readings ('YYYY-MM-DDTHH:mm') at the premises, converted with Intl alone.
 */

/** The premises' clock at `instant`, as 'YYYY-MM-DDTHH:mm'. */
export function wallClockAt(instant: number, timeZone: string): string {
  return wallClockText(instant, knownZone(timeZone)).slice(0, 16);
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
