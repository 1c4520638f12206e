import { describe, expect, it } from 'vitest';
import { automaticReconnectDelay, isIdle, mayReconnect, RECONNECT_SPREAD_MS, wantsAlarmHub } from './liveRules.js';

describe('live connections', () => {
  it('idle after 180 s without movement', () => {
    expect(isIdle(0, 179_999)).toBe(false);
    expect(isIdle(0, 180_000)).toBe(true);
  });
  it('at most 4 reconnect attempts', () => {
    expect(mayReconnect(0)).toBe(true);
    expect(mayReconnect(3)).toBe(true);
    expect(mayReconnect(4)).toBe(false);
  });
  it('the alarm hub only for account group 9993', () => {
    expect(wantsAlarmHub(9993)).toBe(true);
    expect(wantsAlarmHub(4120)).toBe(false);
    expect(wantsAlarmHub(null)).toBe(false);
    expect(wantsAlarmHub(4120, [4120])).toBe(true);
  });
  it('automatic reconnects: 0, 2, 10 and 30 s, each spread over up to a second more; then none', () => {
    expect([0, 1, 2, 3, 4].map((n) => automaticReconnectDelay(n, () => 0))).toEqual([0, 2000, 10_000, 30_000, null]);
    const latest = [0, 1, 2, 3].map((n) => automaticReconnectDelay(n, () => 0.9999));
    expect(latest).toEqual([
      RECONNECT_SPREAD_MS - 1,
      2000 + RECONNECT_SPREAD_MS - 1,
      10_000 + RECONNECT_SPREAD_MS - 1,
      30_000 + RECONNECT_SPREAD_MS - 1,
    ]);
  });
});
