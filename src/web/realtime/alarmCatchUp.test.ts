import { describe, expect, it, vi } from 'vitest';
import type { AlarmEvent } from '../../../schemas/dealer.js';
import { testAlarm as alarm } from './alarmFixtures.js';
import { alarmCatchUp, MISSED_ALARM_NOTICES_MAX } from './alarmCatchUp.js';
import { mergeAlarms } from './alarmFeed.js';

/** The shell's side, in memory: a list, a group, and a server answering from `stored`. */
function setup(stored: AlarmEvent[]) {
  const state = { list: [] as AlarmEvent[], group: 9993 as number | null, notices: [] as number[], asked: [] as (number | undefined)[] };
  const server = { fail: false, stored, answer: undefined as Promise<void> | undefined };
  const catchUp = alarmCatchUp({
    fetchRecent: async (after) => {
      state.asked.push(after);
      await server.answer;
      if (server.fail) throw new Error('network');
      return server.stored.filter((a) => after === undefined || a.alarmNum > after).sort((a, b) => b.alarmNum - a.alarmNum);
    },
    group: () => state.group,
    current: () => state.list,
    publish: (fetched) => {
      const merged = mergeAlarms(state.list, fetched);
      state.list = merged.list;
      return merged.added;
    },
    notify: (event) => state.notices.push(event.alarmNum),
  });
  return { state, server, catchUp };
}

describe('alarms missed while the alarm connection was down', () => {
  it('the first connection loads the list without notices; a reconnect reads what came after and shows it', async () => {
    const { state, server, catchUp } = setup([alarm(1), alarm(2)]);
    expect((await catchUp.connected()).map((a) => a.alarmNum)).toEqual([2, 1]);
    expect(state.list.map((a) => a.alarmNum)).toEqual([2, 1]);
    expect(state.notices).toEqual([]);
    // The process holding the connection is killed; alarms 3 and 4 are stored meanwhile.
    catchUp.interrupted();
    server.stored.push(alarm(3), alarm(4));
    await catchUp.connected();
    expect(state.asked).toEqual([undefined, 2]);
    expect(state.list.map((a) => a.alarmNum)).toEqual([4, 3, 2, 1]);
    // Oldest first, as they would have arrived.
    expect(state.notices).toEqual([3, 4]);
  });

  it('an alarm that arrived live meanwhile is neither listed twice nor shown again', async () => {
    const { state, server, catchUp } = setup([alarm(1)]);
    await catchUp.connected();
    catchUp.interrupted();
    server.stored.push(alarm(2), alarm(3));
    // Alarm 3 reached the client live right after the reconnect, before the catch-up asked: alarm 2 is still read.
    state.list = [alarm(3), ...state.list];
    await catchUp.connected();
    expect(state.asked).toEqual([undefined, 1]);
    expect(state.list.map((a) => a.alarmNum)).toEqual([3, 2, 1]);
    expect(state.notices).toEqual([2]);
  });

  it(`shows at most ${MISSED_ALARM_NOTICES_MAX} notices, the newest; the rest are in the list`, async () => {
    const { state, server, catchUp } = setup([]);
    await catchUp.connected();
    catchUp.interrupted();
    server.stored.push(...[1, 2, 3, 4, 5].map(alarm));
    await catchUp.connected();
    expect(state.asked).toEqual([undefined, undefined]);
    expect(state.list).toHaveLength(5);
    expect(state.notices).toEqual([3, 4, 5]);
  });

  it('a failed read changes nothing and the next connection tries again as a first load', async () => {
    const { state, server, catchUp } = setup([alarm(1)]);
    server.fail = true;
    expect(await catchUp.connected()).toEqual([]);
    server.fail = false;
    await catchUp.connected();
    expect(state.list.map((a) => a.alarmNum)).toEqual([1]);
    expect(state.notices).toEqual([]);
  });

  it('drops an answer for the group the user has just left; reset makes the next connection a first load', async () => {
    const { state, server, catchUp } = setup([alarm(1)]);
    let release = () => undefined as void;
    server.answer = new Promise<void>((resolve) => (release = resolve));
    const pending = catchUp.connected();
    state.group = 4120;
    release();
    expect(await pending).toEqual([]);
    expect(state.list).toEqual([]);
    state.group = 9993;
    catchUp.reset();
    await catchUp.connected();
    expect(state.notices).toEqual([]);
    expect(state.list.map((a) => a.alarmNum)).toEqual([1]);
  });

  it('without a break noted (a connection that was never lost), reads after the newest it has', async () => {
    const { state, server, catchUp } = setup([alarm(1)]);
    await catchUp.connected();
    server.stored.push(alarm(2));
    await catchUp.connected();
    expect(state.asked).toEqual([undefined, 1]);
    expect(state.notices).toEqual([2]);
  });

  it('asks the server through the function it is given', async () => {
    const fetchRecent = vi.fn(async () => [alarm(8)]);
    const catchUp = alarmCatchUp({ fetchRecent, group: () => 9993, current: () => [], publish: (f) => [...f], notify: () => undefined });
    await catchUp.connected();
    expect(fetchRecent).toHaveBeenCalledWith(undefined);
  });

  it("the server's catch-up request reads the whole recent list again: alarms missed behind newer ones are added and shown", async () => {
    const { state, server, catchUp } = setup([alarm(1)]);
    // Before the first load it does nothing (the first connection loads the list).
    expect(await catchUp.resync()).toEqual([]);
    expect(state.asked).toEqual([]);
    await catchUp.connected();
    // Alarm 2 was ingested at another process while this one had no Redis; alarm 3 came live after it returned.
    server.stored = [alarm(1), alarm(2), alarm(3)];
    state.list = mergeAlarms(state.list, [alarm(3)]).list;
    expect((await catchUp.resync()).map((a) => a.alarmNum)).toEqual([2]);
    expect(state.asked).toEqual([undefined, undefined]);
    expect(state.list.map((a) => a.alarmNum)).toEqual([3, 2, 1]);
    expect(state.notices).toEqual([2]);
    // Nothing new: nothing shown.
    expect(await catchUp.resync()).toEqual([]);
    server.fail = true;
    expect(await catchUp.resync()).toEqual([]);
  });
});
