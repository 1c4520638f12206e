import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/common/constants.js';
import { json, lastCode, TestClient } from './client.js';
import { TEST_DATABASES, unblockResend } from './harness.js';
import { demoSuite } from './fixtures.js';

const BETA_EMAIL = 'dealer.beta@example.com';
const BETA_PHONE = '+13125550187';
const REAUTH = { message: 'Enter your current password to make this change.' };

/**
 * A signed-in session is not enough for sensitive changes: who
 * holds a stolen session, or sits at an unlocked screen, must not be able to
 * change the username, the security questions or the contact methods (and so
 * take the account over). Outside the login steps each needs the current
 * password or a code verified in the session a few minutes ago; a new contact
 * counts only once a code sent to it comes back, and until then the verified
 * one stays in force.
 */
describe.each(TEST_DATABASES)('sensitive changes on $name', (database) => {
  const { t } = demoSuite(database);
  const client = () => new TestClient(t.origin).init();

  /** dealer.beta, signed in with nothing pending (no MFA on the demo user). */
  async function beta() {
    const c = await client();
    const login = await c.login('dealer.beta');
    expect(login.body.reqs).toMatchObject({ actionRequired: false });
    return c;
  }

  const questions = [
    { question: 'firstPet', answer: 'Rex' },
    { question: 'birthCity', answer: 'Springfield' },
    { question: 'firstJob', answer: 'Paper route' },
  ];

  it('asks for the current password before a username or security-question change', async () => {
    const c = await beta();
    expect(await json(await c.request('PUT', '/api/user/username', { username: 'dana.renamed' }))).toEqual({ status: 403, body: REAUTH });
    const wrong = await json(
      await c.request('PUT', '/api/user/username', { username: 'dana.renamed', currentPassword: 'Not-The-Password-1' }),
    );
    expect(wrong).toMatchObject({ status: 400, body: { errors: { currentPassword: 'The current password is incorrect.' } } });
    expect((await t.db.selectFrom('users').select('user_id').where('username', '=', 'dealer.beta').execute()).length).toBe(1);

    expect((await c.request('PUT', '/api/account/securityQuestions', { questions })).status).toBe(403);
    expect((await c.request('PUT', '/api/account/securityQuestions', { questions, currentPassword: DEMO_PASSWORD })).status).toBe(200);
    const renamed = await c.request('PUT', '/api/user/username', { username: 'dana.renamed', currentPassword: DEMO_PASSWORD });
    expect(renamed.status).toBe(200);
    // Back, for the other tests.
    expect((await c.request('PUT', '/api/user/username', { username: 'dealer.beta', currentPassword: DEMO_PASSWORD })).status).toBe(200);
  });

  it('takes a code verified in this session a few minutes ago instead of the password', async () => {
    const c = await beta();
    await unblockResend(t.db);
    expect((await c.request('POST', '/api/mfa/request', { type: 'email', mfaType: 'identityVerification' })).status).toBe(200);
    expect((await c.request('POST', '/api/mfa/verify', { code: await lastCode(t.origin, BETA_EMAIL) })).status).toBe(200);
    expect((await c.request('PUT', '/api/account/securityQuestions', { questions })).status).toBe(200);

    // Another session of the same user gets nothing from it.
    const other = await beta();
    expect((await other.request('PUT', '/api/account/securityQuestions', { questions })).status).toBe(403);

    // A few minutes on, the password is asked again.
    await t.db
      .updateTable('one_time_tokens')
      .set({ created_at: sql`created_at - interval '6 minutes'` })
      .where('kind', '=', 'stepUp')
      .execute();
    expect((await c.request('PUT', '/api/account/securityQuestions', { questions })).status).toBe(403);
  });

  it('keeps the verified contact in force until a code confirms the new one', async () => {
    const c = await beta();
    const newEmail = 'dana.new@example.com';
    expect((await c.request('POST', '/api/user/contactMethod/external', { contact: newEmail })).status).toBe(403);
    const saved = await c.request('POST', '/api/user/contactMethod/external', { contact: newEmail, currentPassword: DEMO_PASSWORD });
    expect(saved.status).toBe(200);
    expect(await json(await c.request('GET', '/api/user/contactMethods'))).toEqual({
      status: 200,
      body: [
        { type: 'cellPhone', value: BETA_PHONE, verified: true },
        { type: 'email', value: BETA_EMAIL, verified: true },
        { type: 'email', value: newEmail, verified: false },
      ],
    });
    // Codes still go to the verified email: an identity code requested by email.
    await unblockResend(t.db);
    expect(await json(await c.request('POST', '/api/mfa/request', { type: 'email', mfaType: 'identityVerification' }))).toMatchObject({
      status: 200,
      body: { mfaSentTo: 'deal*******************' },
    });

    // The new one is confirmed by a code sent to it; then it replaces the old one.
    await unblockResend(t.db);
    expect(await json(await c.request('POST', '/api/mfa/request', { type: 'email', mfaType: 'deviceVerification' }))).toMatchObject({
      status: 200,
      body: { mfaSentTo: 'dana****************' },
    });
    expect((await c.request('POST', '/api/mfa/verify', { code: await lastCode(t.origin, newEmail) })).status).toBe(200);
    expect((await json(await c.request('GET', '/api/user/contactMethods'))).body).toEqual([
      { type: 'cellPhone', value: BETA_PHONE, verified: true },
      { type: 'email', value: newEmail, verified: true },
    ]);
    // A code to a new contact proves the contact, not the person: no sensitive change on the strength of it.
    const rename = await c.request('PUT', '/api/user/username', { username: 'dana.renamed' });
    expect(rename.status).toBe(403);
  });

  it('lets a pending sign-in step through without the password', async () => {
    // A user asked at sign-in for new security questions answers them without typing the password again.
    await t.db.updateTable('users').set({ verify_security_questions: true }).where('username', '=', 'dealer.classic').execute();
    const c = await client();
    const login = await c.login('dealer.classic');
    expect(login.body.reqs).toMatchObject({ verifySecurityQuestions: true });
    expect((await c.request('PUT', '/api/account/securityQuestions', { questions })).status).toBe(200);
    // Done, the step is no longer pending: the next change needs the password.
    expect(await json(await c.request('PUT', '/api/account/securityQuestions', { questions }))).toEqual({ status: 403, body: REAUTH });
  });
});
