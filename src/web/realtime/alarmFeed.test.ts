import { describe, expect, it } from 'vitest';
import type { AlarmEvent } from '../../../schemas/dealer.js';
import { withAlarm } from './alarmFeed.js';

const alarm = (alarmNum: number): AlarmEvent => ({
  alarmNum,
  siteNum: 100101,
  devNum: 1,
  siteName: 'Site',
  transmitterCode: 'X1',
  alarmDate: '2026-03-01T10:00:00Z',
  eventCodeDescription: 'Burglary Alarm',
});

describe('recent alarms', () => {
  it('puts the newest first, once per alarm, at most the maximum', () => {
    let list: AlarmEvent[] = [];
    for (const n of [1, 2, 3, 2]) list = withAlarm(list, alarm(n), 3);
    expect(list.map((a) => a.alarmNum)).toEqual([2, 3, 1]);
    list = withAlarm(list, alarm(4), 3);
    expect(list.map((a) => a.alarmNum)).toEqual([4, 2, 3]);
  });
});
