import { describe, expect, it } from 'vitest';
import type { AlarmEvent } from '../../../schemas/dealer.js';
import { testAlarm as alarm } from './alarmFixtures.js';
import { mergeAlarms, newestAlarmNum, withAlarm } from './alarmFeed.js';

describe('recent alarms', () => {
  it('puts the newest first, once per alarm, at most the maximum', () => {
    let list: AlarmEvent[] = [];
    for (const n of [1, 2, 3, 2]) list = withAlarm(list, alarm(n), 3);
    expect(list.map((a) => a.alarmNum)).toEqual([2, 3, 1]);
    list = withAlarm(list, alarm(4), 3);
    expect(list.map((a) => a.alarmNum)).toEqual([4, 2, 3]);
  });
});

describe('merging the server’s recent-alarms list', () => {
  it('adds the alarms the list lacks, newest first by alarmNum, and names them', () => {
    const list = [alarm(5), alarm(3)];
    const { list: merged, added } = mergeAlarms(list, [alarm(7), alarm(5), alarm(6)], 10);
    expect(merged.map((a) => a.alarmNum)).toEqual([7, 6, 5, 3]);
    expect(added.map((a) => a.alarmNum)).toEqual([7, 6]);
  });

  it('keeps at most the maximum, and leaves the list alone when nothing is new', () => {
    expect(mergeAlarms([alarm(2), alarm(1)], [alarm(4), alarm(3)], 3).list.map((a) => a.alarmNum)).toEqual([4, 3, 2]);
    const same = mergeAlarms([alarm(2)], [alarm(2)], 3);
    expect(same.added).toEqual([]);
    expect(same.list.map((a) => a.alarmNum)).toEqual([2]);
  });

  it('knows the newest alarmNum of a list, none for an empty one', () => {
    expect(newestAlarmNum([alarm(4), alarm(9), alarm(2)])).toBe(9);
    expect(newestAlarmNum([])).toBeUndefined();
  });
});
