import { describe, expect, it } from 'vitest';
import { SUPPORT_USER_STATUSES } from '../../schemas/support.js';
import { DEMO_PASSWORD } from '../../src/common/constants.js';
import { DEMO_IMPERSONATION_REASON, DEMO_SUPPORT_USERS } from '../../src/server/db/seed/supportSeed.js';
import { json, signedInClient, TestClient } from './client.js';
import { messagesTo, TEST_DATABASES } from './harness.js';
import { auditsOf, demoSuite, SUPPORT_ADMIN, userIdOf } from './fixtures.js';

/**
 * Support: support staff (application 1, §6 reportRead) find every user, see a user's
 * sign-in state, act on it with a reason (each action audited and with a real effect), and
 * impersonate a user for 15, 30 or 60 minutes, audited with both identities; the impersonated
 * user sees it on /user-account.
 */
describe.each(TEST_DATABASES)('support on $name', (database) => {
  const { t, support } = demoSuite(database, { support: SUPPORT_ADMIN });

  const userId = (username: string) => userIdOf(t.db, username);
  const audits = (action: string) => auditsOf(t.db, action);
  const client = () => new TestClient(t.origin).init();
  const search = async (caller: TestClient, filter: Record<string, unknown>, extra = '') => {
    const response = await caller.request('GET', `/api/users?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]${extra}`);
    return { status: response.status, range: response.headers.get('content-range'), body: await response.json() };
  };
  const usernames = (rows: { username: string }[]) => rows.map((row) => row.username);
  const act = (caller: TestClient, id: number, action: string, body: unknown = { reason: `Test of ${action}` }) =>
    caller.request('POST', `/api/users/${id}/supportActions/${action}`, body);
  const signIn = async (username: string, password = DEMO_PASSWORD) => (await client()).login(username, password);

  describe('the directory', () => {
    it('finds every user by username, name, email, phone, dealer number and account number', async () => {
      const customerSite = await t.db
        .selectFrom('msa_account_links')
        .innerJoin('users', 'users.user_id', 'msa_account_links.user_id')
        .select('msa_account_links.site_num')
        .where('users.username', '=', 'customer@example.com')
        .where('is_default', '=', true)
        .executeTakeFirstOrThrow();
      const cases: [string, string][] = [
        ['dealer.bet', 'dealer.beta'],
        ['WHITFIELD', 'dealer.beta'],
        ['classic@example', 'dealer.classic'],
        ['(312) 555-0187', 'dealer.beta'],
        // A contact method's phone (the user row has none).
        ['612 555 0142', DEMO_SUPPORT_USERS.locked.username],
        ['5877', 'dealer.summit'],
        [String(customerSite.site_num), 'customer@example.com'],
        ['Carter', 'customer@example.com'],
      ];
      for (const [q, expected] of cases) {
        const found = await search(support, { q });
        expect(found.status, q).toBe(200);
        expect(usernames(found.body), q).toContain(expected);
      }
      const none = await search(support, { q: 'nobody-like-this' });
      expect(none).toMatchObject({ status: 200, body: [] });
      expect(none.range).toBe('users 0-0/0');
      // Every user, across tenants and applications: staff, dealers of every group, customers.
      const all = await search(support, {});
      expect(usernames(all.body)).toEqual(
        expect.arrayContaining(['support.viewer', 'dealer.beta', 'dealer.summit', 'customer.basic@example.com']),
      );
      const row = all.body.find((u: { username: string }) => u.username === 'dealer.beta');
      expect(row).toMatchObject({ applicationNum: 2, dealerNumber: '9993', status: 'active', email: 'dealer.beta@example.com' });
      expect(all.body.find((u: { username: string }) => u.username === 'customer@example.com')).toMatchObject({
        applicationNum: 3,
        dealerNumber: '9993',
      });
      // An exact username comes first.
      expect((await search(support, { q: 'dealer.summit' })).body[0].username).toBe('dealer.summit');
      expect((await search(support, { q: '%' })).body).toEqual([]);
      expect((await search(support, { q: 'x', status: 'nonsense' })).status).toBe(400);
    });

    it('names each status: active, locked, pending requirements, disabled, invited; the user page agrees', async () => {
      const expected: Record<string, string> = {
        'dealer.beta': 'active',
        [DEMO_SUPPORT_USERS.locked.username]: 'locked',
        'dealer.newuser': 'pendingRequirements',
        [DEMO_SUPPORT_USERS.disabled.username]: 'disabled',
        'riley.invited@example.com': 'invited',
      };
      for (const status of SUPPORT_USER_STATUSES) {
        const found = await search(support, { status });
        expect(found.status).toBe(200);
        for (const row of found.body) expect(row.status).toBe(status);
        const named = Object.entries(expected).find(([, s]) => s === status)![0];
        expect(usernames(found.body), status).toContain(named);
      }
      const all = await search(support, {});
      for (const row of all.body) {
        const page = await json(await support.request('GET', `/api/users/${row.id}`));
        expect(page.status).toBe(200);
        expect(page.body.status, row.username).toBe(row.status);
      }
      const locked = (await json(await support.request('GET', `/api/users/${await userId(DEMO_SUPPORT_USERS.locked.username)}`))).body;
      expect(locked.locks).toEqual([expect.objectContaining({ address: DEMO_SUPPORT_USERS.locked.address, failures: 16 })]);
      expect(locked.signInAttempts.map((a: { result: string }) => a.result)).toEqual(expect.arrayContaining(['failed', 'throttled']));
      expect(locked.trustedDevices).toHaveLength(1);
      const pending = (await json(await support.request('GET', `/api/users/${await userId('dealer.newuser')}`))).body;
      expect(pending.pendingRequirements).toEqual(
        expect.arrayContaining(['noContactInfo', 'usernameResetRequired', 'verifySecurityQuestions', 'passwordResetRequired']),
      );
      const beta = (await json(await support.request('GET', `/api/users/${await userId('dealer.beta')}`))).body;
      expect(beta.accountGroups.map((g: { siteGroupNum: number }) => g.siteGroupNum)).toEqual([4120, 9993]);
      expect(beta.contactMethods).toHaveLength(2);
      expect(beta.supportAccess[0]).toMatchObject({ supportName: 'Sam Support', reason: DEMO_IMPERSONATION_REASON, state: 'ended' });
      expect(beta.impersonation).toEqual({ available: true, refusal: null });
      const customer = (await json(await support.request('GET', `/api/users/${await userId('customer@example.com')}`))).body;
      expect(customer.linkedAccounts.map((l: { siteName: string }) => l.siteName)).toEqual(['Carter Residence', 'Carter Lake House']);
      expect((await support.request('GET', '/api/users/999999')).status).toBe(404);
    });

    it('is for support staff only: not for staff without reportRead, dealers (who keep their own group) or customers', async () => {
      const viewer = await signedInClient(t.origin, 'support.viewer', { internal: true });
      expect((await viewer.request('GET', '/api/users')).status).toBe(403);
      expect((await viewer.request('GET', `/api/users/${await userId('dealer.beta')}`)).status).toBe(403);
      const customer = await signedInClient(t.origin, 'customer@example.com');
      expect((await customer.request('GET', '/api/users')).status).toBe(403);
      // A dealer's administrator still gets their group's staff, not the directory.
      const beta = await signedInClient(t.origin, 'dealer.beta');
      const group = await json(await beta.request('GET', '/api/users?range=[0,99]'));
      expect(group.status).toBe(200);
      expect(usernames(group.body)).not.toContain('customer@example.com');
      expect(group.body[0]).toHaveProperty('manageable');
      expect(group.body[0]).not.toHaveProperty('applicationNum');
      const summitId = await userId('dealer.summit');
      expect((await beta.request('GET', `/api/users/${summitId}`)).status).toBe(404);
      expect((await act(beta, summitId, 'disable')).status).toBe(403);
      expect((await act(viewer, summitId, 'disable')).status).toBe(403);
      expect((await act(customer, summitId, 'disable')).status).toBe(403);
    });
  });

  describe('actions', () => {
    it('need a reason (400) and apply only when they mean something (409)', async () => {
      const id = await userId('dealer.summit');
      expect((await act(support, id, 'disable', {})).status).toBe(400);
      const blank = await json(await act(support, id, 'disable', { reason: '   ' }));
      expect(blank.status).toBe(400);
      expect(blank.body.errors).toHaveProperty('reason');
      expect((await act(support, id, 'disable', { reason: 'x'.repeat(501) })).status).toBe(400);
      expect((await act(support, id, 'teleport')).status).toBe(400);
      expect((await act(support, id, 'unlock')).status).toBe(409);
      expect((await act(support, id, 'enable')).status).toBe(409);
      expect(await t.db.selectFrom('users').select('disabled_at').where('user_id', '=', id).executeTakeFirstOrThrow()).toEqual({
        disabled_at: null,
      });
    });

    it('unlock: a user blocked after failed sign-ins signs in again', async () => {
      const username = 'dealer.classic';
      // A failed sign-in from this address, then the block its sixteenth would bring (throttle.ts), without waiting for them.
      expect((await signIn(username, 'Wrong-Password-1')).status).toBe(401);
      await t.db
        .updateTable('login_throttle')
        .set({ failures: 16, blocked_until: new Date(Date.now() + 15 * 60_000) })
        .where('throttle_key', 'like', `pair:${username}|%`)
        .execute();
      expect((await signIn(username)).status).toBe(429);
      const id = await userId(username);
      const page = await json(await support.request('GET', `/api/users/${id}`));
      expect(page.body.status).toBe('locked');
      expect(page.body.actions).toContainEqual({ action: 'unlock', available: true });
      const unlocked = await json(await act(support, id, 'unlock', { reason: 'Locked out after a keyboard change (ticket 88)' }));
      expect(unlocked.status).toBe(200);
      expect(unlocked.body.status).toBe('active');
      expect(unlocked.body.locks).toEqual([]);
      expect((await signIn(username)).status).toBe(200);
      const [audit] = (await audits('support.unlocked')).slice(-1);
      expect(audit).toMatchObject({ target_id: String(id), details: { reason: 'Locked out after a keyboard change (ticket 88)' } });
    });

    it('reset MFA: contact methods and remembered devices go, sessions end, the next sign-in asks for a contact', async () => {
      const username = DEMO_SUPPORT_USERS.locked.username;
      const id = await userId(username);
      const reset = await json(await act(support, id, 'resetMfa', { reason: 'Lost phone' }));
      expect(reset.status).toBe(200);
      expect(reset.body.contactMethods).toEqual([]);
      expect(reset.body.trustedDevices).toEqual([]);
      expect(reset.body.pendingRequirements).toContain('noContactInfo');
      expect((await audits('support.mfaReset')).at(-1)).toMatchObject({ details: { reason: 'Lost phone', contacts: 2, devices: 1 } });
    });

    it('reset authenticator app and remove passkeys: offered when the user has them, and they are gone', async () => {
      const id = await userId('dealer.summit');
      const offered = async () =>
        Object.fromEntries(
          ((await json(await support.request('GET', `/api/users/${id}`))).body.actions as { action: string; available: boolean }[]).map(
            (a) => [a.action, a.available],
          ),
        );
      expect(await offered()).toMatchObject({ resetAuthenticator: false, resetPasskeys: false });
      await t.db.insertInto('user_totp').values({ user_id: id, secret_encrypted: 'sealed', confirmed_at: new Date() }).execute();
      await t.db
        .insertInto('user_recovery_codes')
        .values([
          { user_id: id, code_hash: 'a' },
          { user_id: id, code_hash: 'b' },
        ])
        .execute();
      await t.db
        .insertInto('webauthn_credentials')
        .values({
          credential_id: 'support-test-credential',
          user_id: id,
          user_handle: 'handle',
          public_key: new Uint8Array([1, 2, 3]),
          device_type: 'singleDevice',
          rp_id: 'localhost',
          name: 'Work laptop',
        })
        .execute();
      expect(await offered()).toMatchObject({ resetAuthenticator: true, resetPasskeys: true });

      expect((await act(support, id, 'resetAuthenticator', { reason: 'Phone lost' })).status).toBe(200);
      expect(await t.db.selectFrom('user_totp').select('user_id').where('user_id', '=', id).execute()).toEqual([]);
      expect(await t.db.selectFrom('user_recovery_codes').select('user_id').where('user_id', '=', id).execute()).toEqual([]);
      expect((await audits('support.authenticatorReset')).at(-1)).toMatchObject({
        details: { reason: 'Phone lost', removed: true, recoveryCodesRemoved: 2 },
      });
      expect((await act(support, id, 'resetPasskeys', { reason: 'Laptop stolen' })).status).toBe(200);
      expect(await t.db.selectFrom('webauthn_credentials').select('user_id').where('user_id', '=', id).execute()).toEqual([]);
      expect((await audits('support.passkeysReset')).at(-1)).toMatchObject({ details: { reason: 'Laptop stolen', removed: 1 } });
      expect(await offered()).toMatchObject({ resetAuthenticator: false, resetPasskeys: false });
    });

    it('require password reset: the next sign-in asks for a new password', async () => {
      const id = await userId('dealer.summit');
      expect((await signIn('dealer.summit')).body.reqs.passwordResetRequired).toBe(false);
      expect((await act(support, id, 'requirePasswordReset', { reason: 'Password seen on a sticky note' })).status).toBe(200);
      const next = await signIn('dealer.summit');
      expect(next.status).toBe(200);
      expect(next.body.reqs).toMatchObject({ passwordResetRequired: true, actionRequired: true });
      expect((await act(support, id, 'requirePasswordReset')).status).toBe(409);
      await t.db.updateTable('users').set({ password_reset_required: false }).where('user_id', '=', id).execute();
    });

    it('disable refuses sign-in and ends the sessions; enable restores it', async () => {
      const username = 'customer.basic@example.com';
      const id = await userId(username);
      const signedIn = await signedInClient(t.origin, username);
      const disabled = await json(await act(support, id, 'disable', { reason: 'Reported stolen credentials' }));
      expect(disabled.body.status).toBe('disabled');
      expect((await signedIn.request('GET', '/api/me')).status).toBe(401);
      expect((await (await client()).loginMsa(username)).status).toBe(401);
      expect((await act(support, id, 'enable', { reason: 'Owner confirmed by phone' })).status).toBe(200);
      expect((await (await client()).loginMsa(username)).status).toBe(200);
      expect((await audits('support.disabled')).at(-1)?.details).toMatchObject({ reason: 'Reported stolen credentials', sessionsEnded: 1 });
      expect((await audits('support.enabled')).at(-1)?.details).toMatchObject({ reason: 'Owner confirmed by phone' });
    });

    it('sign out everywhere ends every session of the user', async () => {
      const a = await signedInClient(t.origin, 'dealer.beta');
      const b = await signedInClient(t.origin, 'dealer.beta');
      const id = await userId('dealer.beta');
      const out = await json(await act(support, id, 'signOutEverywhere', { reason: 'Shared laptop left signed in' }));
      expect(out.status).toBe(200);
      expect(out.body.sessions).toEqual([]);
      expect((await a.request('GET', '/api/me')).status).toBe(401);
      expect((await b.request('GET', '/api/me')).status).toBe(401);
      expect((await audits('support.signedOutEverywhere')).at(-1)?.details).toMatchObject({ sessionsEnded: expect.any(Number) });
    });

    it('resend registration link: a fresh set-password link by email, which works', async () => {
      const email = 'riley.invited@example.com';
      const before = (await messagesTo(t.db, email)).length;
      expect((await act(support, await userId(email), 'resendRegistration', { reason: 'Invitation expired' })).status).toBe(200);
      const messages = await messagesTo(t.db, email);
      expect(messages.length).toBe(before + 1);
      const otp = /\/login\/register\?otp=([^\s]+)/.exec(messages[0].body)?.[1];
      expect(otp).toBeTruthy();
      const password = 'Riley-Fresh-Pass-2026';
      const anon = await client();
      expect(
        (await anon.request('POST', '/api/msa/register/password', { otp: decodeURIComponent(otp!), password, confirmPassword: password }))
          .status,
      ).toBe(200);
      expect((await signIn(email, password)).status).toBe(200);
      expect((await act(support, await userId(email), 'resendRegistration')).status).toBe(409);
    });

    it('never on oneself, nor on staff holding a privilege the caller lacks', async () => {
      const self = await userId('support.admin');
      expect((await act(support, self, 'signOutEverywhere')).status).toBe(403);
      const { user_id: lead } = await t.db
        .insertInto('users')
        .values({
          username: 'support.lead',
          name: 'Lea Lead',
          email: 'support.lead@example.com',
          application_num: 1,
          password_hash: null,
          dealer_number: null,
          current_site_group_num: null,
          roles: ['reportRead', 'billingRead'],
          can_edit_news: true,
        })
        .returning('user_id')
        .executeTakeFirstOrThrow();
      const refused = await json(await act(support, lead, 'resendRegistration', { reason: 'Trying' }));
      expect(refused).toMatchObject({ status: 403, body: { message: 'This staff member holds permissions you do not hold.' } });
      const page = (await json(await support.request('GET', `/api/users/${lead}`))).body;
      expect(page.refusal).toBe('higherPrivilege');
      expect(page.actions.every((a: { available: boolean }) => !a.available)).toBe(true);
      // support.viewer holds nothing support.admin lacks.
      const viewer = await userId('support.viewer');
      expect((await json(await support.request('GET', `/api/users/${viewer}`))).body.refusal).toBeNull();
      expect((await audits('support.refused')).at(-1)).toMatchObject({ target_id: String(lead), details: { refusal: 'higherPrivilege' } });
    });
  });

  describe('impersonation', () => {
    const start = (caller: TestClient, body: Record<string, unknown>) => caller.request('POST', '/api/impersonation', body);

    it('needs a reason, a duration of 15, 30 or 60 minutes, support staff, and neither staff nor a disabled user', async () => {
      const beta = await userId('dealer.beta');
      expect((await start(support, { userId: beta, durationMinutes: 15 })).status).toBe(400);
      expect((await start(support, { userId: beta, reason: ' ', durationMinutes: 15 })).status).toBe(400);
      expect((await start(support, { userId: beta, reason: 'Help', durationMinutes: 20 })).status).toBe(400);
      const viewer = await signedInClient(t.origin, 'support.viewer', { internal: true });
      expect((await start(viewer, { userId: beta, reason: 'Help', durationMinutes: 15 })).status).toBe(403);
      const dealer = await signedInClient(t.origin, 'dealer.beta');
      expect((await start(dealer, { userId: await userId('dealer.summit'), reason: 'Help', durationMinutes: 15 })).status).toBe(403);
      const staff = await json(await start(support, { userId: await userId('support.viewer'), reason: 'Help', durationMinutes: 15 }));
      expect(staff).toMatchObject({ status: 403, body: { message: 'Support staff cannot be impersonated.' } });
      const former = await userId(DEMO_SUPPORT_USERS.disabled.username);
      expect((await start(support, { userId: former, reason: 'Help', durationMinutes: 15 })).status).toBe(403);
      expect((await start(support, { userId: 999999, reason: 'Help', durationMinutes: 15 })).status).toBe(404);
      expect((await audits('impersonation.refused')).length).toBeGreaterThanOrEqual(2);
      // Still signed in as themselves after the refusals.
      expect((await json(await support.request('GET', '/api/me'))).body.name).toBe('Sam Support');
    });

    it("switches to the user's session; writes carry both identities; the user sees it; ending returns to support", async () => {
      const staff = await signedInClient(t.origin, 'support.admin', { internal: true });
      const supportId = await userId('support.admin');
      const betaId = await userId('dealer.beta');
      const reason = 'Dealer cannot find the call list editor (ticket 5120)';
      const started = await json(await start(staff, { userId: betaId, reason, durationMinutes: 15 }));
      expect(started.status).toBe(200);
      expect(started.body).toEqual({ token: expect.any(String), expires: expect.any(String) });
      const oldBearer = staff.bearer;
      staff.bearer = started.body.token;
      const me = await json(await staff.request('GET', '/api/me'));
      expect(me.body).toMatchObject({ name: 'Dana Whitfield', impersonating: true });
      // The support user's own session ended.
      const old = await fetch(`${t.origin}/api/me`, { headers: { Authorization: `Bearer ${oldBearer}` } });
      expect(old.status).toBe(401);
      const session = await t.db
        .selectFrom('sessions')
        .select(['expires_at', 'created_at', 'impersonator_user_id'])
        .where('user_id', '=', betaId)
        .where('impersonator_user_id', '=', supportId)
        .where('ended_at', 'is', null)
        .executeTakeFirstOrThrow();
      expect(new Date(session.expires_at).getTime() - new Date(session.created_at).getTime()).toBe(15 * 60_000);
      expect((await audits('impersonation.started')).at(-1)).toMatchObject({
        actor_user_id: supportId,
        target_id: String(betaId),
        details: { reason, durationMinutes: 15 },
      });

      // A real write as dealer.beta: a contact on one of their accounts.
      const site = await t.db
        .selectFrom('sites')
        .select('site_num')
        .where('site_group_num', '=', 9993)
        .orderBy('site_num')
        .executeTakeFirstOrThrow();
      const created = await json(
        await staff.request('POST', '/api/contacts', {
          siteNum: site.site_num,
          name: 'Added During Support',
          relation: 'Neighbour',
          phoneNumber: '(312) 555-0111',
          email: null,
          verifies: false,
          hasKey: false,
          passcode: null,
        }),
      );
      expect(created.status).toBe(201);
      expect((await audits('contact.created')).at(-1)).toMatchObject({ actor_user_id: betaId, impersonator_user_id: supportId });

      // dealer.beta, signed in on their own, sees support's visit on /user-account.
      const beta = await signedInClient(t.origin, 'dealer.beta');
      const during = await json(await beta.request('GET', '/api/user/supportAccess'));
      expect(during.status).toBe(200);
      expect(during.body[0]).toMatchObject({ supportName: 'Sam Support', reason, durationMinutes: 15, state: 'active', endedAt: null });
      expect(during.body.map((row: { reason: string }) => row.reason)).toContain(DEMO_IMPERSONATION_REASON);
      // Only their own: another user's list does not hold it.
      const summit = await signedInClient(t.origin, 'dealer.summit');
      expect((await json(await summit.request('GET', '/api/user/supportAccess'))).body).toEqual([]);

      const ended = await json(await staff.request('POST', '/api/impersonation/end'));
      expect(ended.status).toBe(200);
      staff.bearer = ended.body.token;
      expect((await json(await staff.request('GET', '/api/me'))).body).toMatchObject({ name: 'Sam Support', impersonating: false });
      const after = (await json(await beta.request('GET', '/api/user/supportAccess'))).body[0];
      expect(after).toMatchObject({ reason, state: 'ended', endedAt: expect.any(String) });
    });

    it('leaves how the user signs in to the user: every sign-in setting is refused while impersonating, the profile is not', async () => {
      const staff = await signedInClient(t.origin, 'support.admin', { internal: true });
      const summitId = await userId('dealer.summit');
      const started = await json(
        await start(staff, { userId: summitId, reason: 'Dealer asked about their settings (ticket 5121)', durationMinutes: 15 }),
      );
      expect(started.status).toBe(200);
      staff.bearer = started.body.token;
      const refusal = { status: 403, body: { message: 'Sign-in settings cannot be changed while acting as another user.' } };
      const attempts: [string, string, Record<string, unknown>?][] = [
        [
          'PUT',
          '/api/account/password',
          { currentPassword: DEMO_PASSWORD, newPassword: 'Another-Password-2026!', confirmPassword: 'Another-Password-2026!' },
        ],
        ['POST', '/api/user/contactMethod/external', { contact: 'support.takeover@example.com', currentPassword: DEMO_PASSWORD }],
        ['POST', '/api/user/passkeys/registration/options', { currentPassword: DEMO_PASSWORD }],
        ['DELETE', '/api/user/passkeys/1'],
        ['POST', '/api/user/authenticator', { currentPassword: DEMO_PASSWORD }],
        ['POST', '/api/user/sessions/signOutOthers'],
        ['DELETE', '/api/user/sessions/00000000-0000-0000-0000-000000000000'],
        ['DELETE', '/api/user/trustedDevices/00000000-0000-0000-0000-000000000000'],
      ];
      for (const [method, path, body] of attempts) {
        expect({ path, ...(await json(await staff.request(method, path, body))) }, path).toMatchObject({ path, ...refusal });
      }
      // What only the user may do: forget their remembered devices, accept the terms or the privacy
      // policy for them; and the classic portal, which would receive support as the dealer, unmarked.
      const theirs = { status: 403, body: { message: 'Only the user can do this: it is not done while acting as them.' } };
      for (const [method, path] of [
        ['DELETE', '/api/account/trustedDevices'],
        ['PUT', '/api/termsAndConditions/accept'],
        ['PUT', '/api/privacyPolicy/accept'],
      ] as const) {
        expect({ path, ...(await json(await staff.request(method, path))) }, path).toMatchObject({ path, ...theirs });
      }
      expect(await json(await staff.request('POST', '/api/rw3k/key'))).toMatchObject({
        status: 403,
        body: { message: 'The classic portal cannot be opened while acting as another user.' },
      });
      const email = await t.db
        .selectFrom('users')
        .select(['email', 'password_hash'])
        .where('user_id', '=', summitId)
        .executeTakeFirstOrThrow();
      expect(email.email).not.toBe('support.takeover@example.com');
      // The profile is the user's too, but not how they sign in: support may fix a name, audited with both identities.
      const renamed = await json(await staff.request('PUT', '/api/user/profile', { theme: 'dark' }));
      expect(renamed.status).toBe(200);
      await staff.request('POST', '/api/impersonation/end');
    });

    it('expiry mid-request answers 401 with Invalid-Impersonation, also to a token refresh', async () => {
      const staff = await signedInClient(t.origin, 'support.admin', { internal: true });
      const customerId = await userId('customer@example.com');
      const started = await json(
        await start(staff, { userId: customerId, reason: 'Customer cannot see their second account', durationMinutes: 60 }),
      );
      expect(started.status).toBe(200);
      staff.bearer = started.body.token;
      expect((await json(await staff.request('GET', '/api/me'))).body).toMatchObject({ name: 'Casey Carter', impersonating: true });
      // The hour passes.
      await t.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('user_id', '=', customerId)
        .where('impersonator_user_id', 'is not', null)
        .where('ended_at', 'is', null)
        .execute();
      await t.app.sessions.changed();
      const expired = await staff.request('GET', '/api/me');
      expect(expired.status).toBe(401);
      expect(expired.headers.get('invalid-impersonation')).toBe('true');
      expect(expired.headers.get('invalid-session')).toBeNull();
      expect((await expired.json()).message).toBe('Your impersonation session has expired');
      const write = await staff.request('PUT', '/api/user/profile', { theme: 'dark' });
      expect(write.status).toBe(401);
      expect(write.headers.get('invalid-impersonation')).toBe('true');
      const refresh = await staff.request('POST', '/api/token/refresh');
      expect(refresh.status).toBe(401);
      expect(refresh.headers.get('invalid-impersonation')).toBe('true');
      const customer = await signedInClient(t.origin, 'customer@example.com');
      expect((await json(await customer.request('GET', '/api/user/supportAccess'))).body[0]).toMatchObject({
        state: 'expired',
        durationMinutes: 60,
      });
      // An ordinary ended session still says Invalid-Session.
      const plain = await signedInClient(t.origin, 'dealer.summit');
      await plain.request('POST', '/api/logout');
      const gone = await fetch(`${t.origin}/api/me`, { headers: { Authorization: `Bearer ${plain.bearer}` } });
      expect(gone.headers.get('invalid-session')).toBe('true');
    });
  });
});
