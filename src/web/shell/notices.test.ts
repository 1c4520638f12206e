import { describe, expect, it } from 'vitest';
import { closeNotice, hasNotice, pushNotice, subscribeNotices, toShellNotice } from './notices.js';

describe('shell notices (SPEC §2, §4)', () => {
  it('default 7000 ms, alarms 10000 ms, at most two actions', () => {
    const run = () => undefined;
    expect(toShellNotice({ type: 'info', title: 't' }, 1).durationMs).toBe(7000);
    expect(toShellNotice({ type: 'danger', title: 't', kind: 'alarm' }, 1).durationMs).toBe(10_000);
    const three = toShellNotice(
      {
        type: 'info',
        title: 't',
        actions: [
          { label: 'a', run },
          { label: 'b', run },
          { label: 'c', run },
        ],
      },
      1,
    );
    expect(three.actions.map((a) => a.label)).toEqual(['a', 'b']);
  });
  it('stacks, replaces by key and closes', () => {
    let seen: readonly { id: number; title: string }[] = [];
    const stop = subscribeNotices((n) => (seen = n));
    const a = pushNotice({ type: 'info', title: 'a' });
    pushNotice({ type: 'warning', title: 'u1', key: 'update' });
    pushNotice({ type: 'warning', title: 'u2', key: 'update' });
    expect(seen.map((n) => n.title)).toEqual(['a', 'u2']);
    expect(hasNotice('update')).toBe(true);
    closeNotice(a);
    expect(seen.map((n) => n.title)).toEqual(['u2']);
    stop();
  });
});
