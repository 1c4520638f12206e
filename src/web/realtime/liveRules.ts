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

/** SignalR's own delays before each automatic reconnect attempt after a connection is lost; then it gives up. */
const AUTOMATIC_RECONNECT_DELAYS_MS = [0, 2000, 10_000, 30_000];
/** Each delay is spread over this much more, so the clients of a process that went away do not all return in the same instant. */
export const RECONNECT_SPREAD_MS = 1000;

/**
 * The delay before automatic reconnect attempt `previousRetryCount + 1` (SignalR's retry policy):
 * SignalR's defaults (0, 2, 10, 30 s), each plus a random part of up to a second; null after the
 * fourth, when the idle rule's manual reconnect takes over.
 */
export function automaticReconnectDelay(previousRetryCount: number, random: () => number = Math.random): number | null {
  const base = AUTOMATIC_RECONNECT_DELAYS_MS[previousRetryCount];
  return base === undefined ? null : base + Math.floor(random() * RECONNECT_SPREAD_MS);
}
