import { LIVE_ALARM_ACCOUNT_GROUP, TIMINGS } from '../../common/constants.js';

/** SPEC §4 'Shell and live behaviour': when the live connections run, as pure functions. */

/** §4 'after 180 s without mouse or touch movement' the live connections stop. */
export function isIdle(lastMovementAt: number, now: number): boolean {
  return now - lastMovementAt >= TIMINGS.idleTimeoutMs;
}

/** §4 'On the next movement they reconnect (max 4 manual attempts)'. */
export function mayReconnect(attemptsSoFar: number): boolean {
  return attemptsSoFar < TIMINGS.reconnectAttemptsMax;
}

/** §4 'The live alarm connection exists only for account group 9993' (or the groups the server marks live). */
export function wantsAlarmHub(
  siteGroupNum: number | null | undefined,
  liveGroups: readonly number[] = [LIVE_ALARM_ACCOUNT_GROUP],
): boolean {
  return siteGroupNum !== null && siteGroupNum !== undefined && liveGroups.includes(siteGroupNum);
}
