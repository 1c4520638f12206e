import { describe, expect, it } from 'vitest';
import type { BackplaneMessage } from '../realtime/backplane.js';
import { sessionCache, type CachedSignIn } from './sessionCache.js';

const signIn = (expiresAt: number) => ({ session: { expires_at: new Date(expiresAt) }, user: {} }) as unknown as CachedSignIn;

function fakeBackplane() {
  const handlers: ((message: BackplaneMessage) => void)[] = [];
  const statusHandlers: ((connected: boolean) => void)[] = [];
  const published: BackplaneMessage[] = [];
  const bus = {
    connected: true,
    failPublish: false,
    published,
    async publish(message: BackplaneMessage) {
      if (bus.failPublish) throw new Error('redis down');
      published.push(message);
    },
    onMessage: (handler: (message: BackplaneMessage) => void) => void handlers.push(handler),
    isConnected: () => bus.connected,
    onStatus: (handler: (connected: boolean) => void) => void statusHandlers.push(handler),
    deliver: (message: BackplaneMessage) => handlers.forEach((handler) => handler(message)),
    setConnected(connected: boolean) {
      bus.connected = connected;
      statusHandlers.forEach((handler) => handler(connected));
    },
  };
  return bus;
}

describe('session cache', () => {
  it('keeps a sign-in for the TTL at most, and never past its session expiry', () => {
    let now = 1_000;
    const cache = sessionCache({ ttlMs: 2000, now: () => now });
    cache.store('a', signIn(10_000), cache.generation);
    cache.store('b', signIn(2_000), cache.generation);
    expect(cache.read('a')).toBeDefined();
    now = 2_000;
    expect(cache.read('b')).toBeUndefined();
    expect(cache.read('a')).toBeDefined();
    now = 3_000;
    expect(cache.read('a')).toBeUndefined();
  });

  it('does not keep a lookup that started before a change (a read racing a sign-out)', async () => {
    const cache = sessionCache();
    const since = cache.generation;
    await cache.changed();
    cache.store('a', signIn(Date.now() + 60_000), since);
    expect(cache.read('a')).toBeUndefined();
  });

  it('forgets everything on a change here or in another process, and publishes its own', async () => {
    const bus = fakeBackplane();
    const cache = sessionCache({ backplane: bus });
    cache.store('a', signIn(Date.now() + 60_000), cache.generation);
    await cache.changed();
    expect(cache.read('a')).toBeUndefined();
    expect(bus.published).toEqual([{ kind: 'authChanged' }]);
    cache.store('a', signIn(Date.now() + 60_000), cache.generation);
    bus.deliver({ kind: 'endSession', sessionId: 'x' });
    expect(cache.read('a')).toBeDefined();
    bus.deliver({ kind: 'authChanged' });
    expect(cache.read('a')).toBeUndefined();
  });

  it('serves nothing from memory while the backplane is down, and drops what it kept when it is back', () => {
    const bus = fakeBackplane();
    const cache = sessionCache({ backplane: bus });
    cache.store('a', signIn(Date.now() + 60_000), cache.generation);
    bus.connected = false;
    expect(cache.read('a')).toBeUndefined();
    cache.store('b', signIn(Date.now() + 60_000), cache.generation);
    bus.setConnected(true);
    expect(cache.read('a')).toBeUndefined();
    expect(cache.read('b')).toBeUndefined();
  });

  it('still forgets locally when publishing fails, and reports it', async () => {
    const bus = fakeBackplane();
    const errors: Error[] = [];
    const cache = sessionCache({ backplane: bus, onError: (error) => errors.push(error) });
    cache.store('a', signIn(Date.now() + 60_000), cache.generation);
    bus.failPublish = true;
    await cache.changed();
    expect(cache.read('a')).toBeUndefined();
    expect(errors).toHaveLength(1);
  });

  it('does not wait on a backplane that is down', async () => {
    const bus = fakeBackplane();
    const errors: Error[] = [];
    const cache = sessionCache({
      backplane: { ...bus, publish: () => new Promise<void>(() => undefined) },
      onError: (e) => errors.push(e),
    });
    bus.connected = false;
    await cache.changed();
    expect(errors.map((e) => e.message)).toEqual(['backplane not connected']);
  });

  it('holds a bounded number of sign-ins', () => {
    const cache = sessionCache({ maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) cache.store(key, signIn(Date.now() + 60_000), cache.generation);
    expect(cache.size).toBe(2);
    expect(cache.read('a')).toBeUndefined();
    expect(cache.read('c')).toBeDefined();
  });
});
