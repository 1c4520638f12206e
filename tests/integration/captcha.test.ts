import Fastify, { type FastifyInstance } from 'fastify';
import { solveChallenge } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCaptcha, DEFAULT_TTL_MS, type Captcha } from '../../src/server/captcha/captcha.js';
import { CAPTCHA_CHALLENGE_PATH, captchaPlugin, requireCaptcha } from '../../src/server/captcha/captchaPlugin.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/server/db/database.js';
import { errorsPlugin } from '../../src/server/http/errors.js';
import { createServerI18n } from '../../src/server/i18n.js';
import { altchaPayload } from './client.js';
import { dropTestSchema, TEST_DATABASES, testSchemaName } from './harness.js';

const SECRET = 'a-test-session-secret-of-at-least-32-chars';
const MAX_NUMBER = 1000;

/** Solves like the widget and encodes its form value exactly as `altcha` 2.x does (createAltchaPayload). */
async function solve(challenge: Challenge, number?: number): Promise<string> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('challenge not solved');
  return altchaPayload(challenge, { number: number ?? solution.number, took: solution.took });
}

const decode = (payload: string) => JSON.parse(atob(payload)) as Record<string, unknown>;
const encode = (data: Record<string, unknown>) => btoa(JSON.stringify(data));

describe.each(TEST_DATABASES)('ALTCHA captcha on $name', (database) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let captcha: Captcha;
  const schema = database.url ? testSchemaName() : undefined;

  beforeAll(async () => {
    handle = await openDatabase({ databaseUrl: database.url, dataDir: null, schema });
    await migrateToLatest(handle.db, handle.schema);
    const i18n = await createServerI18n();
    app = Fastify();
    app.decorate('db', handle.db);
    app.decorateRequest('t', null as never);
    app.addHook('onRequest', async (request) => {
      request.t = i18n.forRequest(request.headers['accept-language']);
    });
    await app.register(errorsPlugin);
    await app.register(captchaPlugin, { secret: SECRET, maxNumber: MAX_NUMBER });
    // What a sign-in or recovery route does with the widget's form value.
    app.post<{ Body: { altcha?: string } }>('/probe', async (request, reply) => {
      await requireCaptcha(app, request.body?.altcha);
      return reply.status(204).send();
    });
    await app.ready();
    captcha = app.captcha;
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    if (database.url && schema) await dropTestSchema(database.url, schema);
  });

  beforeEach(async () => {
    await handle.db.deleteFrom('captcha_solutions').execute();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a signed challenge for the widget, never cached', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await app.inject({ method: 'GET', url: CAPTCHA_CHALLENGE_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['algorithm', 'challenge', 'maxnumber', 'salt', 'signature']);
    expect(body).toMatchObject({ algorithm: 'SHA-256', maxnumber: MAX_NUMBER });
    expect(body.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(body.signature).toMatch(/^[0-9a-f]{64}$/);
    // The expiry rides in the signed salt, where the widget also reads it.
    const expires = Number(new URLSearchParams(body.salt.split('?')[1]).get('expires'));
    expect(expires).toBeGreaterThanOrEqual(before + DEFAULT_TTL_MS / 1000);
    expect(expires).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + DEFAULT_TTL_MS / 1000);
    expect(body.salt.endsWith('&')).toBe(true);

    const other = (await app.inject({ method: 'GET', url: CAPTCHA_CHALLENGE_PATH })).json();
    expect(other.salt).not.toBe(body.salt);
  });

  it('accepts a correct solution once and refuses the replay', async () => {
    const challenge = (await app.inject({ method: 'GET', url: CAPTCHA_CHALLENGE_PATH })).json();
    const payload = await solve(challenge);
    expect(await captcha.verify(payload)).toBe(true);
    expect(await captcha.verify(payload)).toBe(false);

    const rows = await handle.db.selectFrom('captcha_solutions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].challenge_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].challenge_hash).not.toContain(challenge.signature);
    const expires = Number(new URLSearchParams(challenge.salt.split('?')[1]).get('expires'));
    expect(new Date(rows[0].expires_at).getTime()).toBe(expires * 1000);
  });

  it('lets only one of two simultaneous submissions of one solution through', async () => {
    const payload = await solve(await captcha.challenge());
    const results = await Promise.all([captcha.verify(payload), captcha.verify(payload), captcha.verify(payload)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('refuses a replay that only changes unsigned fields (took, test)', async () => {
    const payload = await solve(await captcha.challenge());
    expect(await captcha.verify(payload)).toBe(true);
    expect(await captcha.verify(encode({ ...decode(payload), took: 1 }))).toBe(false);
    expect(await captcha.verify(encode({ ...decode(payload), test: true }))).toBe(false);
  });

  it('refuses a tampered signature, challenge or salt', async () => {
    const challenge = await captcha.challenge();
    const payload = decode(await solve(challenge));
    const flip = (hex: string) => (hex[0] === 'a' ? 'b' : 'a') + hex.slice(1);
    expect(await captcha.verify(encode({ ...payload, signature: flip(challenge.signature) }))).toBe(false);
    expect(await captcha.verify(encode({ ...payload, signature: challenge.signature.toUpperCase() }))).toBe(false);
    expect(await captcha.verify(encode({ ...payload, challenge: flip(challenge.challenge) }))).toBe(false);
    // Pushing the expiry out breaks the challenge hash the signature covers.
    const later = challenge.salt.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) + 86_400}`);
    expect(await captcha.verify(encode({ ...payload, salt: later }))).toBe(false);
    // Still solvable afterwards: the failures were not recorded.
    expect(await captcha.verify(encode(payload))).toBe(true);
  });

  it('refuses a wrong number', async () => {
    const challenge = await captcha.challenge();
    const right = decode(await solve(challenge)).number as number;
    expect(await captcha.verify(altchaPayload(challenge, { number: right + 1, took: 5 }))).toBe(false);
    expect(await captcha.verify(altchaPayload(challenge, { number: MAX_NUMBER + 1, took: 5 }))).toBe(false);
    expect(await captcha.verify(altchaPayload(challenge, { number: -1, took: 5 }))).toBe(false);
  });

  it('refuses a challenge created already expired', async () => {
    const stale = createCaptcha({ db: handle.db, secret: SECRET, maxNumber: MAX_NUMBER, ttlMs: -1000 });
    const payload = await solve(await stale.challenge());
    expect(await captcha.verify(payload)).toBe(false);
    expect(await stale.verify(payload)).toBe(false);
  });

  it('refuses a solution submitted after the 10 minutes', async () => {
    const challenge = await captcha.challenge();
    const payload = await solve(challenge);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + DEFAULT_TTL_MS + 1000);
    expect(await captcha.verify(payload)).toBe(false);
    vi.useRealTimers();
    expect(await captcha.verify(payload)).toBe(true);
  });

  it('refuses a challenge signed with another secret', async () => {
    const foreign = createCaptcha({ db: handle.db, secret: 'another-secret-of-at-least-32-characters', maxNumber: MAX_NUMBER });
    const payload = await solve(await foreign.challenge());
    expect(await captcha.verify(payload)).toBe(false);
    expect(await foreign.verify(payload)).toBe(true);
  });

  it('refuses a challenge signed with the raw secret instead of the derived key', async () => {
    const { createChallenge } = await import('altcha-lib/v1');
    const raw = await createChallenge({ hmacKey: SECRET, maxNumber: MAX_NUMBER, expires: new Date(Date.now() + 60_000) });
    expect(await captcha.verify(await solve(raw))).toBe(false);
  });

  it('refuses garbage without throwing', async () => {
    const challenge = await captcha.challenge();
    const good = decode(await solve(challenge));
    const bad: unknown[] = [
      undefined,
      null,
      '',
      'garbage',
      'not base64!!',
      42,
      { ...good },
      btoa('not json'),
      btoa('[]'),
      btoa('null'),
      encode({}),
      encode({ ...good, algorithm: 'SHA-1' }),
      encode({ ...good, algorithm: 'MD5' }),
      encode({ ...good, number: String(good.number) }),
      encode({ ...good, number: 1.5 }),
      encode({ ...good, salt: 42 }),
      encode({ ...good, signature: undefined }),
      encode({ ...good, salt: challenge.salt.split('?')[0] + '&' }),
      'A'.repeat(100_000),
    ];
    for (const value of bad) {
      await expect(captcha.verify(value), JSON.stringify(value)?.slice(0, 60)).resolves.toBe(false);
    }
    expect(await handle.db.selectFrom('captcha_solutions').select('challenge_hash').execute()).toEqual([]);
  });

  it('prunes expired solutions as it goes', async () => {
    const eager = createCaptcha({ db: handle.db, secret: SECRET, maxNumber: MAX_NUMBER, pruneEvery: 1 });
    await handle.db
      .insertInto('captcha_solutions')
      .values([
        { challenge_hash: 'old', expires_at: new Date(Date.now() - 60_000) },
        { challenge_hash: 'live', expires_at: new Date(Date.now() + 60_000) },
      ])
      .execute();
    expect(await eager.verify(await solve(await eager.challenge()))).toBe(true);
    const left = (await handle.db.selectFrom('captcha_solutions').select('challenge_hash').execute()).map((r) => r.challenge_hash);
    expect(left).toHaveLength(2);
    expect(left).toContain('live');
    expect(left).not.toContain('old');
  });

  it('requireCaptcha answers 400 "Please complete the captcha again." in the language asked', async () => {
    const payload = await solve(await captcha.challenge());
    const probe = (altcha: string | undefined, lang = 'en') =>
      app.inject({ method: 'POST', url: '/probe', headers: { 'accept-language': lang }, payload: { altcha } });

    expect((await probe(payload)).statusCode).toBe(204);
    const replay = await probe(payload);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ message: 'Please complete the captcha again.' });

    const missing = await probe(undefined, 'es');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Vuelva a completar el captcha.');
    expect((await probe('garbage', 'fr')).json().message).toBe('Veuillez compléter à nouveau le captcha.');
  });
});
