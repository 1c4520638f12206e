import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readBearer, signBearer } from './bearer.js';

const secret = 'a'.repeat(40);
const id = randomUUID();

describe('bearer tokens', () => {
  it('name their session until they expire', () => {
    const expires = new Date(Date.now() + 60_000);
    expect(readBearer(secret, signBearer(secret, id, expires))).toMatchObject({ sessionId: id, expired: false });
  });
  it('say when they have expired', () => {
    const token = signBearer(secret, id, new Date(Date.now() - 1000));
    expect(readBearer(secret, token)?.expired).toBe(true);
  });
  it('are refused when signed with another secret', () => {
    expect(readBearer(secret, signBearer('b'.repeat(40), id, new Date(Date.now() + 60_000)))).toBeUndefined();
  });
  it('are refused when their expiry is changed', () => {
    const [sid, , sig] = signBearer(secret, id, new Date(Date.now() + 1000)).split('.');
    expect(readBearer(secret, `${sid}.9999999999.${sig}`)).toBeUndefined();
  });
  it('are refused when malformed', () => {
    for (const token of ['', 'x', 'a.b.c', `${id}.1.`]) expect(readBearer(secret, token)).toBeUndefined();
  });
});
