import { describe, expect, it } from 'vitest';
import { dismiss, notify, subscribeNotifications, toNotification } from './notify.js';

describe('notify', () => {
  it('defaults the duration to 7000 ms (SPEC §4, §9)', () => {
    expect(toNotification({ type: 'info', message: 'x' }, 1).durationMs).toBe(7000);
    expect(toNotification({ type: 'error', message: 'x', durationMs: 10_000 }, 1).durationMs).toBe(10_000);
  });
  it('stacks and dismisses', () => {
    let seen: readonly { id: number; message: string }[] = [];
    const stop = subscribeNotifications((s) => (seen = s));
    notify({ type: 'success', message: 'one' });
    notify({ type: 'warning', message: 'two', title: 'Title' });
    expect(seen.map((n) => n.message)).toEqual(['one', 'two']);
    dismiss(seen[0].id);
    expect(seen.map((n) => n.message)).toEqual(['two']);
    stop();
  });
});
