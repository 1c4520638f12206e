import { describe, expect, it } from 'vitest';
import { isIdle, mayReconnect, wantsAlarmHub } from './liveRules.js';

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
});
