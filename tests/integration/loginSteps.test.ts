import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/common/constants.js';
import { normaliseAnswer, verifySecret } from '../../src/server/auth/secrets.js';
import { json, lastCode, otherCode, TestClient } from './client.js';
import { TEST_DATABASES, unblockResend } from './harness.js';
import { demoSuite } from './fixtures.js';

/**
 * SPEC §2 'Login steps', §4 'Login flow', §5: dealer.newuser (every requirement
 * pending, no contact info) goes through every step over HTTP.
 */
describe.each(TEST_DATABASES)('login steps on $name', (database) => {
  const { t } = demoSuite(database);
  const client = () => new TestClient(t.origin).init();
  const userRow = (username: string) =>
    t.db
      .selectFrom('users')
      .selectAll()
      .where(sql`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirstOrThrow();

  it('answers whether a contact is taken ten times an hour, then refuses (each answer is about another account)', async () => {
    const c = await client();
    await c.login('dealer.newuser');
    const check = (i: number) => c.request('POST', '/api/user/contactMethod/validate', { contact: `probe.${i}@example.com` });
    for (let i = 1; i <= 11; i++) expect((await check(i)).status, `check ${i}`).toBe(200);
    expect(await json(await check(12))).toEqual({ status: 429, body: { message: 'Too many attempts. Please try again later.' } });
    // The next test takes the same user through the steps.
    await t.db.deleteFrom('login_throttle').where('throttle_key', 'like', 'contact-validate:%').execute();
  });

  it('takes dealer.newuser through contact, code, username, questions, password and terms', async () => {
    const newuser = await userRow('dealer.newuser');
    const c = await client();
    const elsewhere = await client();
    expect((await elsewhere.login('dealer.newuser')).status).toBe(200);

    // Credential check: every requirement is pending.
    const login = await c.login('dealer.newuser');
    const allPending = {
      noContactInfo: true,
      mfaRequired: true,
      usernameResetRequired: true,
      verifySecurityQuestions: true,
      passwordResetRequired: true,
      betaUser: true,
      termsAndConditionsRequired: true,
      privacyPolicyRequired: true,
      actionRequired: true,
      mfaSentTo: null,
      mfaSentToMsg: null,
    };
    expect(login.body.reqs).toEqual(allPending);
    expect(await json(await c.request('GET', '/api/account/requirements'))).toEqual({ status: 200, body: login.body.reqs });

    // Nothing outside the allow-list, and no later step before the code.
    expect((await c.request('GET', '/api/news')).status).toBe(403);
    expect((await c.request('GET', '/api/user/contactMethods')).status).toBe(403);
    const early = await json(await c.request('PUT', '/api/user/username', { username: 'noah.newman' }));
    expect(early).toEqual({ status: 403, body: { message: 'Please verify your identity with the code we sent before continuing.' } });
    expect(
      (await c.request('PUT', '/api/account/password', { newPassword: 'Blue-Heron-Canoe-7', confirmPassword: 'Blue-Heron-Canoe-7' }))
        .status,
    ).toBe(403);
    expect((await c.request('PUT', '/api/account/securityQuestions', { questions: [] })).status).toBe(400);
    expect((await c.request('PUT', '/api/termsAndConditions/accept')).status).toBe(403);

    // Contact step: validate first (application 2).
    expect(await json(await c.request('POST', '/api/user/contactMethod/validate', { contact: 'noah.newman@example.com' }))).toEqual({
      status: 200,
      body: { valid: true, type: 'email' },
    });
    expect(await json(await c.request('POST', '/api/user/contactMethod/validate', { contact: 'dealer.beta@example.com' }))).toEqual({
      status: 409,
      body: {
        message: 'This contact information is already in use by another account.',
        errors: { contact: 'This contact information is already in use by another account.' },
      },
    });
    // dealer.beta's phone, written differently, is still taken.
    expect((await c.request('POST', '/api/user/contactMethod/validate', { contact: '+1 (312) 555-0187', type: 'cellPhone' })).status).toBe(
      409,
    );
    const typeMismatch = await json(
      await c.request('POST', '/api/user/contactMethod/validate', { contact: 'noah.newman@example.com', type: 'cellPhone' }),
    );
    expect(typeMismatch.status).toBe(400);
    expect(typeMismatch.body.errors.contact).toBe('Must be a valid email or phone number of the chosen type');
    const malformed = await json(await c.request('POST', '/api/user/contactMethod/validate', { contact: 'not a contact' }));
    expect(malformed).toMatchObject({ status: 400, body: { errors: { contact: 'Must be a valid email or phone number' } } });

    // The code: only the purpose this session expects, and only somewhere it can go.
    const wrongPurpose = await c.request('POST', '/api/mfa/request', { type: 'email', mfaType: 'identityVerification' });
    expect(wrongPurpose.status).toBe(400);
    const nowhere = await json(await c.request('POST', '/api/mfa/request', { type: 'email', mfaType: 'deviceVerification' }));
    expect(nowhere).toEqual({ status: 400, body: { message: 'No contact information available to resend code' } });
    const notAPhone = await json(
      await c.request('POST', '/api/mfa/request', {
        contactMethodValue: 'noah.newman@example.com',
        type: 'cellPhone',
        mfaType: 'deviceVerification',
      }),
    );
    expect(notAPhone).toMatchObject({ status: 400, body: { errors: { contactMethodValue: 'Must be a valid phone number' } } });
    expect(
      (
        await c.request('POST', '/api/mfa/request', {
          contactMethodValue: 'Dealer.Beta@example.com',
          type: 'email',
          mfaType: 'deviceVerification',
        })
      ).status,
    ).toBe(409);

    const sent = await json(
      await c.request('POST', '/api/mfa/request', {
        contactMethodValue: ' Noah.Newman@example.com ',
        type: 'email',
        mfaType: 'deviceVerification',
      }),
    );
    expect(sent).toEqual({ status: 200, body: { mfaSentTo: 'noah*******************', mfaSentToMsg: 'email' } });
    const code = await lastCode(t.origin, 'noah.newman@example.com');
    const again = await json(
      await c.request('POST', '/api/mfa/request', {
        contactMethodValue: 'noah.newman@example.com',
        type: 'email',
        mfaType: 'deviceVerification',
      }),
    );
    expect(again).toEqual({ status: 429, body: { message: 'Too many attempts. Please try again later.' } });
    expect(await lastCode(t.origin, 'noah.newman@example.com')).toBe(code);

    const wrong = await json(await c.request('POST', '/api/mfa/verify', { code: otherCode(code) }));
    expect(wrong).toEqual({ status: 401, body: { message: 'The code is incorrect or has expired.' } });
    const verified = await json(await c.request('POST', '/api/mfa/verify', { code, rememberDevice: true }));
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      success: true,
      reqs: { ...allPending, noContactInfo: false, mfaRequired: false },
    });
    // §4: the contact the code went to is now the user's, verified.
    const contacts = await t.db.selectFrom('user_contact_methods').selectAll().where('user_id', '=', newuser.user_id).execute();
    expect(contacts).toEqual([expect.objectContaining({ type: 'email', value: 'noah.newman@example.com', verified_at: expect.any(Date) })]);
    expect((await userRow('dealer.newuser')).email).toBe('noah.newman@example.com');
    // A used code is spent: nothing more is expected of this session.
    expect((await c.request('POST', '/api/mfa/verify', { code })).status).toBe(400);

    // Username (§2 usernameReset, §5 new username).
    const username = async (value: string) => json(await c.request('PUT', '/api/user/username', { username: value }));
    expect(await username('abc')).toMatchObject({ status: 400, body: { errors: { username: 'Must be at least 5 characters long' } } });
    expect(await username('12345-678')).toMatchObject({ status: 400, body: { errors: { username: 'At least one letter is required' } } });
    expect(await username('noah9993x')).toMatchObject({
      status: 400,
      body: { errors: { username: 'For security, your username must not contain a dealer number.' } },
    });
    expect(await username('Dealer.Beta')).toEqual({
      status: 409,
      body: {
        message: 'This username is already taken. Please choose another.',
        errors: { username: 'This username is already taken. Please choose another.' },
      },
    });
    expect(await username('noah newman')).toMatchObject({ status: 400, body: { errors: { username: 'Must not contain spaces' } } });
    const renamed = await username('noah.newman');
    expect(renamed.status).toBe(200);
    expect(renamed.body.reqs).toMatchObject({ usernameResetRequired: false, verifySecurityQuestions: true });
    expect(await userRow('noah.newman')).toMatchObject({ user_id: newuser.user_id, username_reset_required: false });

    // Security questions: options in the reader's language, then exactly three distinct, answered.
    const options = await json(await c.request('GET', '/api/account/securityQuestions/options'));
    expect(options.status).toBe(200);
    expect(options.body.count).toBe(3);
    expect(options.body.options.length).toBeGreaterThanOrEqual(8);
    expect(options.body.options[0]).toEqual({ id: 'firstPet', question: 'What was the name of your first pet?' });
    const spanish = await json(await c.request('GET', '/api/account/securityQuestions/options', undefined, { 'Accept-Language': 'es' }));
    expect(spanish.body.options[0].question).toBe('¿Cómo se llamaba su primera mascota?');
    const questions = async (list: { question: string; answer: string }[]) =>
      json(await c.request('PUT', '/api/account/securityQuestions', { questions: list }));
    const pet = { question: 'firstPet', answer: '  Rex  the Dog ' };
    const city = { question: 'birthCity', answer: 'Duluth' };
    const job = { question: 'firstJob', answer: 'Bakery' };
    expect(await questions([pet, city])).toMatchObject({
      status: 400,
      body: { errors: { questions: 'Please choose 3 different questions.' } },
    });
    expect(await questions([pet, city, { ...job, question: 'firstPet' }])).toMatchObject({
      status: 400,
      body: { errors: { 'questions.2.question': 'Each question can be chosen only once.' } },
    });
    expect(await questions([pet, city, { ...job, question: 'What is your favourite colour?' }])).toMatchObject({
      status: 400,
      body: { errors: { 'questions.2.question': 'Please choose a question from the list.' } },
    });
    expect(await questions([pet, city, { ...job, answer: '   ' }])).toMatchObject({
      status: 400,
      body: { errors: { 'questions.2.answer': 'Required' } },
    });
    expect(await questions([pet, city, { ...job, answer: '' }])).toMatchObject({
      status: 400,
      body: { errors: { 'questions.2.answer': 'Required' } },
    });
    const answered = await json(
      await c.request('PUT', '/api/account/securityQuestions', { questions: [pet, city, job] }, { 'Accept-Language': 'fr' }),
    );
    expect(answered.status).toBe(200);
    expect(answered.body.reqs).toMatchObject({ verifySecurityQuestions: false, passwordResetRequired: true });
    const stored = await t.db
      .selectFrom('user_security_questions')
      .selectAll()
      .where('user_id', '=', newuser.user_id)
      .orderBy('position')
      .execute();
    // Stored in English, as recovery shows and matches them.
    expect(stored.map((q) => q.question)).toEqual([
      'What was the name of your first pet?',
      'In what city were you born?',
      'Where did you work at your first job?',
    ]);
    expect(stored[0].answer_hash).toMatch(/^\$argon2id\$/);
    expect(await verifySecret(stored[0].answer_hash, normaliseAnswer('rex THE dog'))).toBe(true);

    // Password: only new and confirm at login (§4), with the house rules.
    const password = async (newPassword: string, confirmPassword = newPassword) =>
      json(await c.request('PUT', '/api/account/password', { newPassword, confirmPassword }));
    const refused = (field: string, message: string) => ({ status: 400, body: { errors: { [field]: message } } });
    const common = refused('newPassword', 'This password is too common. Please choose another.');
    expect(await password('Blue-Heron-Canoe-7', 'Blue-Heron-Canoe-8')).toMatchObject(refused('confirmPassword', 'Passwords must match'));
    expect(await password('Short-1')).toMatchObject(refused('newPassword', 'Must be at least 12 characters long'));
    expect(await password('Password2024!')).toMatchObject(common);
    expect(await password('123456789012')).toMatchObject(common);
    expect(await password('My-Noah.Newman-77')).toMatchObject(refused('newPassword', 'The password must not contain your username.'));
    expect(await password(DEMO_PASSWORD)).toMatchObject(refused('newPassword', 'The new password must be different from the current one.'));
    const changed = await password('Blue-Heron-Canoe-7');
    expect(changed.status).toBe(200);
    expect(changed.body.reqs).toMatchObject({ passwordResetRequired: false, termsAndConditionsRequired: true });
    const afterPassword = await userRow('noah.newman');
    expect(afterPassword.password_reset_required).toBe(false);
    expect(await verifySecret(afterPassword.password_hash, 'Blue-Heron-Canoe-7')).toBe(true);
    // The user's other sessions end; this one goes on.
    expect((await elsewhere.request('GET', '/api/me')).status).toBe(401);
    expect((await c.request('GET', '/api/me')).status).toBe(200);

    // Terms (§4 beta dealers): recorded, and only the privacy policy remains.
    const terms = await json(await c.request('PUT', '/api/termsAndConditions/accept'));
    expect(terms).toEqual({
      status: 200,
      body: {
        success: true,
        reqs: {
          ...allPending,
          noContactInfo: false,
          mfaRequired: false,
          usernameResetRequired: false,
          verifySecurityQuestions: false,
          passwordResetRequired: false,
          termsAndConditionsRequired: false,
        },
      },
    });
    const acceptance = await t.db.selectFrom('terms_acceptances').selectAll().where('user_id', '=', newuser.user_id).execute();
    expect(acceptance).toEqual([expect.objectContaining({ ip: '127.0.0.1', accepted_at: expect.any(Date) })]);
    expect((await c.request('GET', '/api/news')).status).toBe(403);

    // The users columns changed too: the next sign-in asks only for MFA (kept) and the privacy policy.
    expect(await userRow('noah.newman')).toMatchObject({
      mfa_required: true,
      username_reset_required: false,
      verify_security_questions: false,
      password_reset_required: false,
      terms_required: false,
    });
    const fresh = await client();
    const next = await fresh.login('noah.newman', 'Blue-Heron-Canoe-7');
    expect(next.body.reqs).toMatchObject({
      noContactInfo: false,
      mfaRequired: true,
      usernameResetRequired: false,
      verifySecurityQuestions: false,
      passwordResetRequired: false,
      termsAndConditionsRequired: false,
      privacyPolicyRequired: true,
      mfaSentTo: 'noah*******************',
      mfaSentToMsg: 'email',
    });
    // The browser that ticked 'Remember this device?' skips the code.
    const remembered = await c.login('noah.newman', 'Blue-Heron-Canoe-7');
    expect(remembered.body.reqs).toMatchObject({ mfaRequired: false, privacyPolicyRequired: true });

    const audit = await t.db.selectFrom('audit_log').select('action').where('actor_user_id', '=', newuser.user_id).execute();
    expect(new Set(audit.map((a) => a.action))).toEqual(
      new Set([
        'login.succeeded',
        'mfa.codeSent',
        'mfa.codeRefused',
        'mfa.failed',
        'mfa.verified',
        'contactMethod.verified',
        'username.changed',
        'securityQuestions.updated',
        'password.changeFailed',
        'password.changed',
        'terms.accepted',
      ]),
    );
    // Secrets never reach the audit log.
    const details = JSON.stringify(await t.db.selectFrom('audit_log').select('details').execute());
    expect(details).not.toContain(code);
    expect(details).not.toContain('Blue-Heron-Canoe-7');
    expect(details).not.toContain('Bakery');
    await unblockResend(t.db);
  });

  it('asks for the current password outside the login steps, and throttles wrong guesses', async () => {
    const c = await client();
    await c.login('dealer.classic');
    const body = { newPassword: 'Granite-Willow-42', confirmPassword: 'Granite-Willow-42' };
    expect(await json(await c.request('PUT', '/api/account/password', body))).toMatchObject({
      status: 400,
      body: { errors: { currentPassword: 'Required' } },
    });
    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await c.request('PUT', '/api/account/password', { ...body, currentPassword: `Wrong-${i}-password` })).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses).toContain(429);
    await t.db.deleteFrom('login_throttle').execute();
    const changed = await json(await c.request('PUT', '/api/account/password', { ...body, currentPassword: DEMO_PASSWORD }));
    expect(changed.status).toBe(200);
    expect((await (await client()).login('dealer.classic', 'Granite-Willow-42')).status).toBe(200);
  });

  it('serves the requirements and steps to signed-in users only, and refuses writes without the XSRF header', async () => {
    const anonymous = await client();
    expect((await anonymous.request('GET', '/api/account/requirements')).status).toBe(401);
    expect((await anonymous.request('PUT', '/api/termsAndConditions/accept')).status).toBe(401);
    const c = await client();
    await c.login('dealer.beta');
    for (const [method, path, body] of [
      ['PUT', '/api/user/username', { username: 'dana.whitfield' }],
      ['PUT', '/api/account/securityQuestions', { questions: [] }],
      ['PUT', '/api/account/password', { newPassword: 'Granite-Willow-42', confirmPassword: 'Granite-Willow-42' }],
      ['PUT', '/api/termsAndConditions/accept', undefined],
      ['POST', '/api/user/contactMethod/external', { contact: 'dana@example.com' }],
    ] as const) {
      // A new client each time: the 403 answer hands out an XSRF cookie, which a client would send back.
      const stripped = new TestClient(t.origin);
      stripped.setCookie('portal_session', c.cookie('portal_session')!);
      const response = await stripped.request(method, path, body);
      expect(response.status, path).toBe(403);
      expect(await response.json()).toEqual({ message: 'The request could not be verified. Reload the page and try again.' });
    }
    expect((await userRow('dealer.beta')).username).toBe('dealer.beta');
  });

  it('lets a browser that left the steps half done sign in again', async () => {
    // Earlier tests' wrong passwords throttle this address; start clean.
    await t.db.deleteFrom('login_throttle').execute();
    await t.db.updateTable('users').set({ password_reset_required: true }).where('username', '=', 'dealer.beta').execute();
    const c = await client();
    expect((await c.login('dealer.beta')).body.reqs.actionRequired).toBe(true);
    // The pending session's cookie and bearer travel with the new sign-in; it starts a new session all the same.
    const again = await c.login('support.admin', DEMO_PASSWORD, { internal: true });
    expect(again.status).toBe(200);
    expect((await json(await c.request('GET', '/api/me'))).body.name).toBe((await userRow('support.admin')).name);
    await t.db.updateTable('users').set({ password_reset_required: false }).where('username', '=', 'dealer.beta').execute();
  });
});
