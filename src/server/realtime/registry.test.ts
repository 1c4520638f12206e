import { describe, expect, it } from 'vitest';
import { accountGroupKey, BROADCAST_SLICE, HubRegistry, type HubConnection, type PreparedFrame } from './registry.js';

const prepare = (text: string): PreparedFrame => ({ text, wire: Buffer.from(text) });
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function connection(id: number, groups: string[], received: string[] = []): HubConnection & { received: string[] } {
  return {
    id: `c${id}`,
    userId: id,
    sessionId: `s${id}`,
    groups: new Set(groups),
    lastReceivedAt: 0,
    lastSentAt: 0,
    received,
    socket: {
      bufferedAmount: 0,
      send: (frame) => received.push(frame),
      sendPrepared: (frame) => received.push(frame.wire.toString()),
      close: () => undefined,
    },
  };
}

describe('HubRegistry broadcasts', () => {
  const group = accountGroupKey(9993);

  it('writes a small group at once', () => {
    const registry = new HubRegistry();
    const members = [1, 2, 3].map((i) => connection(i, [group]));
    const other = connection(4, [accountGroupKey(1)]);
    for (const c of [...members, other]) registry.add(c);
    expect(registry.sendToGroup(group, 'a', prepare)).toBe(3);
    expect(members.map((c) => c.received)).toEqual([['a'], ['a'], ['a']]);
    expect(other.received).toEqual([]);
  });

  it('writes a large group a slice per turn, every client in order, skipping who left before its turn', async () => {
    const registry = new HubRegistry();
    const members = Array.from({ length: BROADCAST_SLICE * 2 + 10 }, (_, i) => connection(i, [group]));
    for (const c of members) registry.add(c);
    registry.sendToGroup(group, 'first', prepare);
    registry.sendToAll('second', prepare);
    // The first slice at once, the rest later.
    expect(members.filter((c) => c.received.length > 0)).toHaveLength(BROADCAST_SLICE);
    const gone = members[members.length - 1];
    const switched = members[members.length - 2];
    registry.remove(gone);
    registry.leave(switched, group);
    const small = connection(9999, [group]);
    registry.add(small);
    registry.sendToGroup(group, 'third', prepare);
    // A small broadcast waits behind the large ones: no client sees 'third' before 'first'.
    expect(small.received).toEqual([]);
    for (let i = 0; i < 10; i++) await nextTurn();
    for (const c of members.slice(0, -2)) expect(c.received).toEqual(['first', 'second', 'third']);
    expect(gone.received).toEqual([]);
    // Left the group: not the group's frames; still in the hub, so the frame to all.
    expect(switched.received).toEqual(['second']);
    expect(small.received).toEqual(['third']);
  });
});
