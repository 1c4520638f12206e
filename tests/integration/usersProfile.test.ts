import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/common/constants.js';
import { DEMO_INVITED_STAFF } from '../../src/server/db/seed/usersSeed.js';
import { json, lastCode, otherCode, signedInClient, TestClient } from './client.js';
import { messagesTo, TEST_DATABASES, unblockResend } from './harness.js';
import { auditsOf, demoSuite, userIdOf } from './fixtures.js';

/**
 * Users and profile: a dealer's administrator (xtAdmin) manages their account group's
 * staff (invitation by email, §6 permissions never above their own, disable, reset MFA, resend),
 * scoped to the selected group; every user's own account (name, language, theme, remembered
 * devices, sessions with revoke and sign-out-everywhere-else, password and contact methods).
 */
describe.each(TEST_DATABASES)('users and profile on $name', (database) => {
  const { t, beta } = demoSuite(database, { beta: 'dealer.beta' });

  const userId = (username: string) => userIdOf(t.db, username);
  const audits = (action: string) => auditsOf(t.db, action);
  const client = () => new TestClient(t.origin).init();

  beforeAll(async () => {
    // dealer.classic (group 4120, reportRead) becomes an administrator holding less than dealer.beta.
    await t.db
      .updateTable('users')
      .set({ auth_flags: ['xtAdmin'] })
      .where('username', '=', 'dealer.classic')
      .execute();
  });

  it('lets only administrators (xtAdmin) and staff in: dealer.summit and customers get 403', async () => {
    const summit = await signedInClient(t.origin, 'dealer.summit');
    expect((await summit.request('GET', '/api/users')).status).toBe(403);
    expect((await summit.request('POST', '/api/users', { email: 'x.y@example.com', name: 'X', roles: [], flags: [] })).status).toBe(403);
    const customer = await signedInClient(t.origin, 'customer@example.com');
    expect((await customer.request('GET', '/api/users')).status).toBe(403);
    expect((await (await client()).request('GET', '/api/users')).status).toBe(401);

    const list = await json(await beta.request('GET', '/api/users?range=[0,99]'));
    expect(list.status).toBe(200);
    const names = list.body.map((u: { username: string }) => u.username);
    expect(names).toContain('dealer.newuser');
    expect(names).not.toContain('dealer.classic');
    expect(names).not.toContain('dealer.summit');
    const self = list.body.find((u: { username: string }) => u.username === 'dealer.beta');
    expect(self).toMatchObject({ manageable: false, status: 'active' });
    // The demo's invited staff member (seed: usersSeed.ts).
    expect(list.body.find((u: { username: string }) => u.username === DEMO_INVITED_STAFF.email)).toMatchObject({
      status: 'invited',
      roles: ['reportRead'],
      flags: ['allowCreateAccountFlag'],
      manageable: true,
    });
  });

  it("answers 404 for another group's user", async () => {
    const classicId = await userId('dealer.classic');
    const summitId = await userId('dealer.summit');
    expect((await beta.request('GET', `/api/users/${summitId}`)).status).toBe(404);
    expect((await beta.request('PUT', `/api/users/${summitId}`, { disabled: true })).status).toBe(404);
    expect((await beta.request('POST', `/api/users/${summitId}/resetMfa`)).status).toBe(404);
    const classic = await signedInClient(t.origin, 'dealer.classic');
    expect((await classic.request('GET', `/api/users/${await userId('dealer.newuser')}`)).status).toBe(404);
    expect((await classic.request('GET', `/api/users/${classicId}`)).status).toBe(200);
  });

  it("never invites or sets permissions above the inviter's (403), nor outside the §6 list (400)", async () => {
    const classic = await signedInClient(t.origin, 'dealer.classic');
    const above = await json(
      await classic.request('POST', '/api/users', {
        email: 'lake.clerk@example.com',
        name: 'Lake Clerk',
        roles: ['billingRead'],
        flags: [],
      }),
    );
    expect(above.status).toBe(403);
    expect(above.body.message).toContain('billingRead');
    expect(
      (await classic.request('POST', '/api/users', { email: 'lake.clerk@example.com', name: 'Lake Clerk', roles: [], flags: ['level8'] }))
        .status,
    ).toBe(400);
    expect(
      (
        await classic.request('POST', '/api/users', {
          email: 'lake.clerk@example.com',
          name: 'Lake Clerk',
          roles: ['contactsRead'],
          flags: [],
        })
      ).status,
    ).toBe(400);
    expect((await t.db.selectFrom('users').select('user_id').where('username', '=', 'lake.clerk@example.com').execute()).length).toBe(0);
    expect((await audits('users.refused')).some((a) => (a.details as { reason?: string }).reason === 'aboveInviter')).toBe(true);

    // Within what classic holds: invited into group 4120.
    const invited = await json(
      await classic.request('POST', '/api/users', {
        email: 'Lake.Clerk@example.com',
        name: 'Lake Clerk',
        roles: ['reportRead'],
        flags: [],
      }),
    );
    expect(invited).toMatchObject({ status: 201, body: { username: 'lake.clerk@example.com', status: 'invited', roles: ['reportRead'] } });
    // ...but not raised above classic afterwards.
    expect((await classic.request('PUT', `/api/users/${invited.body.id}`, { roles: ['reportRead', 'level8'] })).status).toBe(403);
    expect((await classic.request('PUT', `/api/users/${invited.body.id}`, { flags: ['xtAdmin'] })).status).toBe(200);
    // A user who holds more than classic, or belongs to a group classic lacks, is not classic's to change.
    // dealer.beta belongs to 4120 too (so classic sees them) and to 9993, which classic lacks.
    const betaRefused = await json(await classic.request('PUT', `/api/users/${await userId('dealer.beta')}`, { disabled: true }));
    expect(betaRefused).toMatchObject({ status: 403, body: { message: 'This user also belongs to an account group you do not manage.' } });
    await t.db
      .insertInto('user_account_groups')
      .values({ user_id: await userId('dealer.newuser'), site_group_num: 4120 })
      .execute();
    const refused = await json(await classic.request('POST', `/api/users/${await userId('dealer.newuser')}/resetMfa`));
    expect(refused.status).toBe(403);
    // Nor oneself.
    expect((await classic.request('PUT', `/api/users/${await userId('dealer.classic')}`, { flags: [] })).status).toBe(403);
  });

  it('invites by email: the registration link sets the password and the user signs in; resend, disable, reset MFA audited', async () => {
    const email = 'new.staff@example.com';
    const created = await json(
      await beta.request('POST', '/api/users', { email, name: 'Nia Staff', roles: ['reportRead'], flags: ['allowCreateAccountFlag'] }),
    );
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await beta.request('POST', '/api/users', { email, name: 'Again', roles: [], flags: [] })).status).toBe(409);
    const [first] = await messagesTo(t.db, email);
    const otp = /\/login\/register\?otp=([^\s]+)/.exec(first.body)?.[1];
    expect(otp).toBeTruthy();
    // Resend: a fresh link, the first stops working.
    expect((await beta.request('POST', `/api/users/${id}/resendInvitation`)).status).toBe(200);
    const [second] = await messagesTo(t.db, email);
    const otp2 = /\/login\/register\?otp=([^\s]+)/.exec(second.body)?.[1];
    expect(otp2).not.toBe(otp);
    const anon = await client();
    const password = 'Fresh-Staff-Pass-2026';
    expect(
      (await anon.request('POST', '/api/msa/register/password', { otp: decodeURIComponent(otp!), password, confirmPassword: password }))
        .status,
    ).toBe(400);
    expect(
      (await anon.request('POST', '/api/msa/register/password', { otp: decodeURIComponent(otp2!), password, confirmPassword: password }))
        .status,
    ).toBe(200);
    const staff = await client();
    expect((await staff.login(email, password)).status).toBe(200);
    expect((await json(await beta.request('GET', `/api/users/${id}`))).body).toMatchObject({ status: 'active', manageable: true });
    expect((await beta.request('POST', `/api/users/${id}/resendInvitation`)).status).toBe(409);

    // Reset MFA: contacts gone, sessions end.
    expect((await json(await beta.request('POST', `/api/users/${id}/resetMfa`))).status).toBe(200);
    expect((await staff.request('GET', '/api/me')).status).toBe(401);
    expect(await t.db.selectFrom('user_contact_methods').select('type').where('user_id', '=', id).execute()).toEqual([]);

    // Disable: no sign-in; enable again.
    expect((await json(await beta.request('PUT', `/api/users/${id}`, { disabled: true }))).body.status).toBe('disabled');
    expect((await (await client()).login(email, password)).status).not.toBe(200);
    expect((await json(await beta.request('PUT', `/api/users/${id}`, { disabled: false }))).body.status).toBe('active');

    for (const action of ['users.invited', 'users.invitationResent', 'users.mfaReset', 'users.updated']) {
      expect(
        (await audits(action)).some((a) => a.target_id === String(id)),
        action,
      ).toBe(true);
    }
  });

  it('ends another session of the same user when revoked; sign out everywhere else ends the rest', async () => {
    const a = await signedInClient(t.origin, 'customer.basic@example.com');
    const b = await signedInClient(t.origin, 'customer.basic@example.com');
    const c = await signedInClient(t.origin, 'customer.basic@example.com');
    const sessions = await json(await a.request('GET', '/api/user/sessions'));
    expect(sessions.status).toBe(200);
    expect(sessions.body.length).toBeGreaterThanOrEqual(3);
    expect(sessions.body[0].current).toBe(true);
    const bSessions = (await json(await b.request('GET', '/api/user/sessions'))).body;
    const bId = bSessions.find((s: { current: boolean }) => s.current).id;
    expect((await a.request('DELETE', `/api/user/sessions/${sessions.body[0].id}`)).status).toBe(400);
    expect((await a.request('DELETE', `/api/user/sessions/${bId}`)).status).toBe(200);
    expect((await b.request('GET', '/api/user/profile')).status).toBe(401);
    expect((await c.request('GET', '/api/user/profile')).status).toBe(200);
    expect((await a.request('DELETE', `/api/user/sessions/${bId}`)).status).toBe(404);
    // Another user's session is not found.
    const other = (await json(await beta.request('GET', '/api/user/sessions'))).body[0].id;
    expect((await a.request('DELETE', `/api/user/sessions/${other}`)).status).toBe(404);

    const out = await json(await a.request('POST', '/api/user/sessions/signOutOthers'));
    expect(out.status).toBe(200);
    expect(out.body.revoked).toBeGreaterThanOrEqual(1);
    expect((await c.request('GET', '/api/user/profile')).status).toBe(401);
    expect((await a.request('GET', '/api/user/profile')).status).toBe(200);
    expect((await audits('session.revoked')).length).toBeGreaterThan(0);
    expect((await audits('session.signedOutOthers')).length).toBeGreaterThan(0);
  });

  it('saves the name, language and theme (audited) and revokes one remembered device', async () => {
    const summit = await signedInClient(t.origin, 'dealer.summit');
    const saved = await json(await summit.request('PUT', '/api/user/profile', { name: 'Chris L.', language: 'fr', theme: 'dark' }));
    expect(saved).toMatchObject({ status: 200, body: { name: 'Chris L.', language: 'fr', theme: 'dark', username: 'dealer.summit' } });
    expect((await summit.request('PUT', '/api/user/profile', { language: 'de' })).status).toBe(400);
    expect((await summit.request('PUT', '/api/user/profile', { name: '   ' })).status).toBe(400);
    expect((await audits('profile.updated')).at(-1)?.details).toMatchObject({ changed: { language: { from: null, to: 'fr' } } });

    const summitId = await userId('dealer.summit');
    const deviceId = randomUUID();
    await t.db
      .insertInto('trusted_devices')
      .values({
        device_id: deviceId,
        user_id: summitId,
        token_hash: 'x'.repeat(64),
        label: 'Firefox',
        last_used_at: null,
        revoked_at: null,
      })
      .execute();
    const devices = await json(await summit.request('GET', '/api/user/trustedDevices'));
    expect(devices.body).toEqual([expect.objectContaining({ id: deviceId, label: 'Firefox', current: false })]);
    expect((await beta.request('DELETE', `/api/user/trustedDevices/${deviceId}`)).status).toBe(404);
    expect((await summit.request('DELETE', `/api/user/trustedDevices/${deviceId}`)).status).toBe(200);
    expect((await json(await summit.request('GET', '/api/user/trustedDevices'))).body).toEqual([]);
  });

  it('changes the password only with the current one', async () => {
    const viewer = await signedInClient(t.origin, 'support.viewer', { internal: true });
    const next = 'Another-Long-Pass-77';
    expect((await viewer.request('PUT', '/api/account/password', { newPassword: next, confirmPassword: next })).status).toBe(400);
    const wrong = await json(
      await viewer.request('PUT', '/api/account/password', {
        currentPassword: 'Not-The-Password-1',
        newPassword: next,
        confirmPassword: next,
      }),
    );
    expect(wrong).toMatchObject({ status: 400, body: { errors: { currentPassword: expect.any(String) } } });
    expect(
      (await viewer.request('PUT', '/api/account/password', { currentPassword: DEMO_PASSWORD, newPassword: next, confirmPassword: next }))
        .status,
    ).toBe(200);
    expect((await (await client()).login('support.viewer', next, { internal: true })).status).toBe(200);
    const { email } = await t.db.selectFrom('users').select('email').where('username', '=', 'support.viewer').executeTakeFirstOrThrow();
    expect((await messagesTo(t.db, email!))[0]).toMatchObject({ subject: 'Security notice: Your password was changed' });
  });

  it('counts a new contact method only once its code comes back', async () => {
    const summit = await signedInClient(t.origin, 'dealer.summit');
    const phone = '+13125550199';
    expect(
      (await summit.request('POST', '/api/user/contactMethod/external', { contact: phone, currentPassword: DEMO_PASSWORD })).status,
    ).toBe(200);
    const listed = async () => (await json(await summit.request('GET', '/api/user/contactMethods'))).body;
    expect(await listed()).toContainEqual({ type: 'cellPhone', value: phone, verified: false });
    await unblockResend(t.db);
    expect((await summit.request('POST', '/api/mfa/request', { type: 'cellPhone', mfaType: 'deviceVerification' })).status).toBe(200);
    const code = await lastCode(t.origin, phone);
    expect((await summit.request('POST', '/api/mfa/verify', { code: otherCode(code) })).status).toBe(401);
    expect(await listed()).toContainEqual({ type: 'cellPhone', value: phone, verified: false });
    expect((await summit.request('POST', '/api/mfa/verify', { code })).status).toBe(200);
    expect(await listed()).toContainEqual({ type: 'cellPhone', value: phone, verified: true });
  });
});
