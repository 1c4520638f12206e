import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/common/constants.js';
import { json, signedInClient, TestClient } from './client.js';
import { messagesTo, TEST_DATABASES } from './harness.js';
import { demoSuite } from './fixtures.js';
import { SoftAuthenticator } from './softAuthenticator.js';

/** The test app's PUBLIC_URL (config.ts default): the origin and RP ID passkeys belong to. */
const PORTAL = 'http://localhost:8080';
const NOT_RECOGNISED = 'This passkey could not sign you in. Try again, or sign in with your password.';
const EXPIRED = 'The passkey request has expired. Please try again.';
const REAUTH = 'Enter your current password to make this change.';

/**
 * Passkeys against a software authenticator (softAuthenticator.ts): adding one from
 * /user-account (after a recent proof), signing in with it without a username on the dealer and
 * customer pages (the MFA step done, the other steps kept), using one at the MFA step of a
 * password sign-in, and what must be refused: another origin or RP ID, a challenge used twice or
 * issued to another browser, a counter that went back, a passkey of the other application, a
 * removed or reset one, an impersonating support user adding one. Every step is audited.
 */
describe.each(TEST_DATABASES)('passkeys on $name', (database) => {
  const { t } = demoSuite(database);
  let betaId: number;
  let customerId: number;
  /** dealer.beta's authenticator (its passkey registered by the first test) and the customer's. */
  const beta = new SoftAuthenticator(PORTAL);
  const customer = new SoftAuthenticator(PORTAL);

  const client = () => new TestClient(t.origin).init();

  beforeAll(async () => {
    const users = await t.db.selectFrom('users').select(['user_id', 'username']).execute();
    betaId = users.find((u) => u.username === 'dealer.beta')!.user_id;
    customerId = users.find((u) => u.username === 'customer@example.com')!.user_id;
  });

  const auditOf = (action: string, targetId: number) =>
    t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('target_id', '=', String(targetId))
      .orderBy('audit_id', 'desc')
      .execute();

  /** Registers a passkey of `authenticator` for a signed-in client (the password as the recent proof). */
  async function register(c: TestClient, authenticator: SoftAuthenticator, name: string) {
    const start = await json(await c.request('POST', '/api/user/passkeys/registration/options', { currentPassword: DEMO_PASSWORD }));
    expect(start.status).toBe(200);
    const finish = await json(
      await c.request('POST', '/api/user/passkeys/registration/verify', { response: authenticator.create(start.body.options), name }),
    );
    expect(finish.status).toBe(200);
    return finish.body as { id: number; name: string };
  }

  /** A passkey sign-in on a page ('account' dealer and staff, 'msa' customer): options, the assertion, the login answer. */
  async function passkeyLogin(c: TestClient, page: 'account' | 'msa', authenticator: SoftAuthenticator, lies = {}) {
    const start = await json(await c.request('POST', `/api/${page}/passkey/options`));
    expect(start.status).toBe(200);
    const assertion = authenticator.get(start.body.options, lies);
    const answer = await json(await c.request('POST', `/api/${page}/passkey/login`, { response: assertion }));
    if (answer.status === 200) c.bearer = answer.body.token.token;
    return { ...answer, assertion };
  }

  it('adds a passkey from the account page after a recent proof, and lists it', async () => {
    const c = await signedInClient(t.origin, 'dealer.beta');
    // A session alone is not enough (stepUp.ts): the current password, or a code or passkey verified lately.
    expect(await json(await c.request('POST', '/api/user/passkeys/registration/options', {}))).toMatchObject({
      status: 403,
      body: { message: REAUTH, errors: { currentPassword: REAUTH } },
    });
    const start = await json(await c.request('POST', '/api/user/passkeys/registration/options', { currentPassword: DEMO_PASSWORD }));
    expect(start.status).toBe(200);
    const options = start.body.options;
    expect(options).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: 'dealer.beta', displayName: 'Dana Whitfield' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
    });
    // The user handle carries no personal data.
    expect(Buffer.from(options.user.id, 'base64url').toString()).not.toContain('beta');

    const attestation = beta.create(options);
    expect(
      await json(await c.request('POST', '/api/user/passkeys/registration/verify', { response: attestation, name: '   ' })),
    ).toMatchObject({ status: 400, body: { errors: { name: expect.any(String) } } });
    // The name is checked before the challenge is taken: the same attestation goes through with one.
    const added = await json(
      await c.request('POST', '/api/user/passkeys/registration/verify', { response: attestation, name: '  Work   laptop ' }),
    );
    expect(added).toMatchObject({
      status: 200,
      body: { name: 'Work laptop', lastUsedAt: null, deviceType: 'singleDevice', backedUp: false },
    });
    const list = await json(await c.request('GET', '/api/user/passkeys'));
    expect(list).toMatchObject({ status: 200, body: [{ id: added.body.id, name: 'Work laptop' }] });
    expect((await auditOf('passkey.registered', betaId))[0].details).toMatchObject({ passkeyId: added.body.id, name: 'Work laptop' });
    expect((await messagesTo(t.db, 'dealer.beta@example.com'))[0].subject).toBe('Security notice: A passkey was added');

    // The next ceremony names it, so the same authenticator is not registered twice.
    const again = await json(await c.request('POST', '/api/user/passkeys/registration/options', { currentPassword: DEMO_PASSWORD }));
    expect(again.body.options.excludeCredentials).toEqual([{ id: attestation.id, transports: ['internal'], type: 'public-key' }]);
  });

  it('refuses a registration from another origin or for another RP ID, and one whose challenge is spent', async () => {
    const c = await signedInClient(t.origin, 'dealer.beta');
    const attacker = new SoftAuthenticator('https://evil.example');
    for (const lies of [{}, { rpId: 'evil.example', origin: PORTAL }]) {
      const start = await json(await c.request('POST', '/api/user/passkeys/registration/options', { currentPassword: DEMO_PASSWORD }));
      const refused = await json(
        await c.request('POST', '/api/user/passkeys/registration/verify', {
          response: attacker.create(start.body.options, lies),
          name: 'x',
        }),
      );
      expect(refused).toMatchObject({ status: 400, body: { message: 'The passkey could not be added. Please try again.' } });
    }
    const reasons = (await auditOf('passkey.registrationFailed', betaId)).map((r) => r.details.reason);
    expect(reasons.slice(0, 2)).toEqual(['rpId', 'origin']);

    const start = await json(await c.request('POST', '/api/user/passkeys/registration/options', { currentPassword: DEMO_PASSWORD }));
    const spare = new SoftAuthenticator(PORTAL);
    const response = spare.create(start.body.options);
    expect((await c.request('POST', '/api/user/passkeys/registration/verify', { response, name: 'Spare' })).status).toBe(200);
    const replay = await json(await c.request('POST', '/api/user/passkeys/registration/verify', { response, name: 'Spare' }));
    expect(replay).toMatchObject({ status: 400, body: { message: EXPIRED } });
    const spareId = (await json(await c.request('GET', '/api/user/passkeys'))).body.find((p: { name: string }) => p.name === 'Spare').id;
    expect((await c.request('DELETE', `/api/user/passkeys/${spareId}`)).status).toBe(200);
  });

  it('signs in without a username, the MFA step done and the other steps kept; the session may then add a passkey', async () => {
    await t.db.updateTable('users').set({ mfa_required: true, privacy_policy_required: true }).where('user_id', '=', betaId).execute();
    try {
      const byPassword = await (await client()).login('dealer.beta');
      expect(byPassword.body.reqs).toMatchObject({ mfaRequired: true });

      const c = await client();
      const start = await json(await c.request('POST', '/api/account/passkey/options'));
      expect(start.body.options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
      // No allow list: the browser offers the passkeys it holds for the site (no username asked).
      expect(start.body.options.allowCredentials).toBeUndefined();
      const assertion = beta.get(start.body.options);
      const answer = await json(await c.request('POST', '/api/account/passkey/login', { response: assertion }));
      expect(answer).toMatchObject({
        status: 200,
        body: { success: true, reqs: { mfaRequired: false, privacyPolicyRequired: true, actionRequired: true } },
      });
      c.bearer = answer.body.token.token;
      // The privacy policy step still stands in the way of everything else.
      expect((await c.request('GET', '/api/news')).status).toBe(403);
      expect((await c.request('GET', '/api/account/requirements')).status).toBe(200);

      const [succeeded] = await t.db
        .selectFrom('audit_log')
        .select('details')
        .where('action', '=', 'login.succeeded')
        .where('actor_user_id', '=', betaId)
        .orderBy('audit_id', 'desc')
        .limit(1)
        .execute();
      expect(succeeded.details).toMatchObject({ method: 'passkey', pending: ['privacyPolicyRequired'] });
      const [used] = await t.db
        .selectFrom('webauthn_credentials')
        .select(['counter', 'last_used_at'])
        .where('user_id', '=', betaId)
        .execute();
      expect(used.counter).toBe(1);
      expect(used.last_used_at).not.toBeNull();
    } finally {
      await t.db.updateTable('users').set({ mfa_required: true, privacy_policy_required: false }).where('user_id', '=', betaId).execute();
    }

    // Nothing pending now: the passkey proved the person, so another passkey needs no password for a few minutes.
    const c = await client();
    expect((await passkeyLogin(c, 'account', beta)).body.reqs).toMatchObject({ mfaRequired: false, actionRequired: false });
    expect((await c.request('GET', '/api/news')).status).toBe(200);
    expect((await c.request('POST', '/api/user/passkeys/registration/options', {})).status).toBe(200);
  });

  it('takes a passkey instead of the code at the MFA step of a password sign-in', async () => {
    const c = await client();
    const login = await c.login('dealer.beta');
    expect(login.body.reqs).toMatchObject({ mfaRequired: true, actionRequired: true });
    expect(await json(await c.request('GET', '/api/mfa/passkey'))).toEqual({ status: 200, body: { available: true } });
    const start = await json(await c.request('POST', '/api/mfa/passkey/options'));
    expect(start.body.options.allowCredentials).toEqual([
      { id: beta.credentials[0].id.toString('base64url'), transports: ['internal'], type: 'public-key' },
    ]);

    // Someone else's passkey does not do: it must be one of this user's.
    const stranger = new SoftAuthenticator(PORTAL);
    const customerClient = await signedInClient(t.origin, 'customer@example.com');
    await register(customerClient, stranger, 'Stranger');
    const wrong = await json(
      await c.request('POST', '/api/mfa/passkey/verify', { response: stranger.get(start.body.options, {}, stranger.credentials[0]) }),
    );
    expect(wrong).toMatchObject({ status: 401, body: { message: NOT_RECOGNISED } });
    await t.db.deleteFrom('webauthn_credentials').where('user_id', '=', customerId).execute();

    const again = await json(await c.request('POST', '/api/mfa/passkey/options'));
    const verified = await json(await c.request('POST', '/api/mfa/passkey/verify', { response: beta.get(again.body.options) }));
    expect(verified).toMatchObject({ status: 200, body: { success: true, reqs: { mfaRequired: false, actionRequired: false } } });
    expect((await c.request('GET', '/api/news')).status).toBe(200);
    expect((await auditOf('mfa.verified', betaId))[0].details).toMatchObject({ method: 'passkey', atLogin: true });
    expect((await auditOf('mfa.failed', betaId))[0].details).toMatchObject({ method: 'passkey', reason: 'notTheUsersPasskey' });
    await t.db.updateTable('users').set({ mfa_required: false }).where('user_id', '=', betaId).execute();
  });

  it('refuses an assertion for another origin or RP ID, or without user verification, and audits why', async () => {
    for (const [lies, reason] of [
      [{ origin: 'https://evil.example' }, 'origin'],
      [{ rpId: 'evil.example' }, 'rpId'],
      [{ userVerified: false }, 'userVerification'],
    ] as const) {
      const refused = await passkeyLogin(await client(), 'account', beta, lies);
      expect(refused).toMatchObject({ status: 401, body: { message: NOT_RECOGNISED } });
      const [failed] = await auditOf('login.failed', betaId);
      expect(failed.details).toMatchObject({ method: 'passkey', variant: 'dealer', reason });
    }
  });

  it('takes a challenge once, and only from the browser it was given to', async () => {
    const c = await client();
    const first = await passkeyLogin(c, 'account', beta);
    expect(first.status).toBe(200);
    const replay = await json(await (await client()).request('POST', '/api/account/passkey/login', { response: first.assertion }));
    expect(replay).toMatchObject({ status: 401, body: { message: EXPIRED } });
    const sameBrowser = await json(await c.request('POST', '/api/account/passkey/login', { response: first.assertion }));
    expect(sameBrowser).toMatchObject({ status: 401, body: { message: EXPIRED } });

    // A challenge another browser asked for does not sign this one in.
    const other = await client();
    const start = await json(await other.request('POST', '/api/account/passkey/options'));
    const stolen = await json(
      await (await client()).request('POST', '/api/account/passkey/login', { response: beta.get(start.body.options) }),
    );
    expect(stolen).toMatchObject({ status: 401, body: { message: EXPIRED } });
    // Nor one made for the customer page.
    const customerStart = await json(await other.request('POST', '/api/msa/passkey/options'));
    const crossed = await json(
      await other.request('POST', '/api/account/passkey/login', { response: beta.get(customerStart.body.options) }),
    );
    expect(crossed).toMatchObject({ status: 401, body: { message: EXPIRED } });
  });

  it('refuses a signature counter that went back (a cloned authenticator)', async () => {
    const [stored] = await t.db.selectFrom('webauthn_credentials').select('counter').where('user_id', '=', betaId).execute();
    expect(stored.counter).toBeGreaterThan(1);
    const refused = await passkeyLogin(await client(), 'account', beta, { counter: 1 });
    expect(refused).toMatchObject({ status: 401, body: { message: NOT_RECOGNISED } });
    expect((await auditOf('login.failed', betaId))[0].details).toMatchObject({ reason: 'counterRegression' });
    beta.credentials[0].counter = stored.counter;
    expect((await passkeyLogin(await client(), 'account', beta)).status).toBe(200);
  });

  it("keeps a customer's passkey off the dealer page and a dealer's off the customer page", async () => {
    const c = await signedInClient(t.origin, 'customer@example.com');
    await register(c, customer, 'Phone');

    const onDealerPage = await passkeyLogin(await client(), 'account', customer);
    expect(onDealerPage).toMatchObject({
      status: 401,
      body: { message: 'This passkey is for My Security Account. Sign in on the My Security Account page instead.' },
    });
    expect((await auditOf('login.failed', customerId))[0].details).toMatchObject({ reason: 'wrongPage', variant: 'dealer' });
    const onCustomerPage = await passkeyLogin(await client(), 'msa', customer);
    expect(onCustomerPage).toMatchObject({ status: 200, body: { success: true } });

    const dealerOnCustomerPage = await passkeyLogin(await client(), 'msa', beta);
    expect(dealerOnCustomerPage).toMatchObject({
      status: 401,
      body: { message: 'This passkey is for the dealer portal. Sign in on the dealer portal instead.' },
    });
  });

  it('throttles passkey failures like password ones', async () => {
    const ip = '127.0.0.1';
    const credentialId = beta.credentials[0].id.toString('base64url');
    await t.db.deleteFrom('login_throttle').execute();
    for (let i = 0; i < 3; i++)
      expect((await passkeyLogin(await client(), 'account', beta, { origin: 'https://evil.example' })).status).toBe(401);
    const rows = await t.db.selectFrom('login_throttle').select(['throttle_key', 'failures']).execute();
    expect(Object.fromEntries(rows.map((r) => [r.throttle_key, r.failures]))).toMatchObject({
      [`passkey-ip:${ip}`]: 3,
      [`passkey:${credentialId}|${ip}`]: 3,
      [`signin-ip:${ip}`]: 3,
    });
    // Blocked (as growing delays block it after more failures): 429 with Retry-After, before any check.
    await t.db
      .updateTable('login_throttle')
      .set({ blocked_until: new Date(Date.now() + 90_000) })
      .where('throttle_key', '=', `passkey:${credentialId}|${ip}`)
      .execute();
    const c = await client();
    const start = await json(await c.request('POST', '/api/account/passkey/options'));
    const blocked = await c.request('POST', '/api/account/passkey/login', { response: beta.get(start.body.options) });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await blocked.json()).message).toBe('Too many attempts. Try again in 2 minutes.');
    await t.db.deleteFrom('login_throttle').execute();
    expect((await passkeyLogin(await client(), 'account', beta)).status).toBe(200);
  });

  it('renames and removes only the user’s own passkeys; a removed one signs in no more', async () => {
    const byPasskey = await client();
    await passkeyLogin(byPasskey, 'account', beta);
    const [mine] = (await json(await byPasskey.request('GET', '/api/user/passkeys'))).body;
    const customerClient = await signedInClient(t.origin, 'customer@example.com');
    const [theirs] = (await json(await customerClient.request('GET', '/api/user/passkeys'))).body;

    expect((await json(await byPasskey.request('PATCH', `/api/user/passkeys/${mine.id}`, { name: ' Desk key ' }))).body).toMatchObject({
      id: mine.id,
      name: 'Desk key',
    });
    expect((await auditOf('passkey.renamed', betaId))[0].details).toMatchObject({ from: 'Work laptop', to: 'Desk key' });
    expect((await byPasskey.request('PATCH', `/api/user/passkeys/${theirs.id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await byPasskey.request('DELETE', `/api/user/passkeys/${theirs.id}`)).status).toBe(404);

    expect(await json(await byPasskey.request('DELETE', `/api/user/passkeys/${mine.id}`))).toEqual({ status: 200, body: { removed: 1 } });
    expect((await auditOf('passkey.removed', betaId))[0].details).toMatchObject({ passkeyId: mine.id, name: 'Desk key' });
    expect((await messagesTo(t.db, 'dealer.beta@example.com'))[0].subject).toBe('Security notice: A passkey was removed');
    expect((await json(await byPasskey.request('GET', '/api/user/passkeys'))).body).toEqual([]);
    expect((await json(await byPasskey.request('GET', '/api/mfa/passkey'))).body).toEqual({ available: false });
    const refused = await passkeyLogin(await client(), 'account', beta);
    expect(refused).toMatchObject({ status: 401, body: { message: NOT_RECOGNISED } });
    const [unknown] = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'login.failed')
      .orderBy('audit_id', 'desc')
      .limit(1)
      .execute();
    expect(unknown.details).toMatchObject({ method: 'passkey', reason: 'unknownPasskey' });
  });

  it('lets support reset a user’s passkeys (the /support action), and nobody else', async () => {
    expect((await t.db.selectFrom('webauthn_credentials').select('passkey_id').where('user_id', '=', customerId).execute()).length).toBe(1);
    for (const [username, extra] of [
      ['dealer.beta', {}],
      ['support.viewer', { internal: true }],
    ] as const) {
      const other = await signedInClient(t.origin, username, extra);
      expect((await other.request('POST', `/api/users/${customerId}/supportActions/resetPasskeys`, { reason: 'Stolen' })).status).toBe(403);
    }
    const staff = await signedInClient(t.origin, 'support.admin', { internal: true });
    const action = (id: number) => staff.request('POST', `/api/users/${id}/supportActions/resetPasskeys`, { reason: 'Stolen laptop' });
    expect((await action(customerId)).status).toBe(200);
    expect((await action(999999)).status).toBe(404);
    const [reset] = await auditOf('support.passkeysReset', customerId);
    expect(reset).toMatchObject({ details: { removed: 1, reason: 'Stolen laptop' } });
    expect(reset.actor_user_id).not.toBe(customerId);
    expect((await passkeyLogin(await client(), 'msa', customer)).status).toBe(401);
  });

  it('does not let support add a passkey to a user they act as', async () => {
    const support = await t.db.selectFrom('users').select('user_id').where('username', '=', 'support.admin').executeTakeFirstOrThrow();
    const tokens = await t.app.sessions.create({
      userId: betaId,
      impersonatorUserId: support.user_id,
      pending: {},
      ip: null,
      userAgent: null,
    });
    const c = await client();
    c.bearer = tokens.bearer.token;
    const refused = await json(await c.request('POST', '/api/user/passkeys/registration/options', { currentPassword: DEMO_PASSWORD }));
    expect(refused).toMatchObject({ status: 403, body: { message: 'Sign-in settings cannot be changed while acting as another user.' } });
  });
});
