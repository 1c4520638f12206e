import { describe, expect, it } from 'vitest';
import { lastCode, otherCode, signedInClient, TestClient } from './client.js';
import { messagesTo, TEST_DATABASES, unblockResend } from './harness.js';
import { demoSuite } from './fixtures.js';

/**
 * The MSA account dialog's API (SPEC §2, §5 'MSA account', §7 'Update personal user: email,
 * phone'): GET/PUT /api/msa/users/me and POST /api/msa/users/me/emailConfirmation. The phone
 * changes at once; a new email replaces the sign-in only once the code sent to it comes back,
 * and the old address is told.
 */
describe.each(TEST_DATABASES)('the customer account dialog on $name', (database) => {
  const { t } = demoSuite(database);
  const json = async (response: Response) => ({ status: response.status, body: await response.json() });
  const moved = 'moved.customer@example.com';

  it('answers the customer their email and phone, and only to customers', async () => {
    const customer = await signedInClient(t.origin, 'customer@example.com');
    expect(await json(await customer.request('GET', '/api/msa/users/me'))).toMatchObject({
      status: 200,
      body: { id: 'me', email: 'customer@example.com', emailPending: null },
    });
    const dealer = await signedInClient(t.origin, 'dealer.beta');
    expect((await dealer.request('GET', '/api/msa/users/me')).status).toBe(403);
    expect((await dealer.request('PUT', '/api/msa/users/me', { email: 'dealer@example.com' })).status).toBe(403);
  });

  it('checks the fields as §5 says, and keeps the phone without a code; the email is left as it was', async () => {
    const customer = await signedInClient(t.origin, 'customer@example.com');
    const tooLong = `${'a'.repeat(117)}@example.com`;
    const refused = await json(await customer.request('PUT', '/api/msa/users/me', { email: tooLong }));
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors)).toEqual(['email']);
    const badPhone = await json(
      await customer.request('PUT', '/api/msa/users/me', { email: 'customer@example.com', phoneNumber: 'call me' }),
    );
    expect(badPhone.status).toBe(400);
    expect(Object.keys(badPhone.body.errors)).toEqual(['phoneNumber']);

    const saved = await json(
      await customer.request('PUT', '/api/msa/users/me', { email: 'customer@example.com', phoneNumber: '+1 555 0100' }),
    );
    expect(saved).toMatchObject({ status: 200, body: { email: 'customer@example.com', phoneNumber: '+1 555 0100', emailPending: null } });
    expect(await messagesTo(t.db, 'customer@example.com')).toHaveLength(0);
    const cleared = await json(await customer.request('PUT', '/api/msa/users/me', { email: 'customer@example.com', phoneNumber: '' }));
    expect(cleared.body.phoneNumber).toBeNull();
  });

  it('changes the sign-in email only with the code sent to the new address, and tells the old one', async () => {
    const customer = await signedInClient(t.origin, 'customer@example.com');
    const asked = await json(await customer.request('PUT', '/api/msa/users/me', { email: moved, phoneNumber: null }));
    expect(asked).toMatchObject({ status: 200, body: { email: 'customer@example.com', emailPending: moved } });
    expect((await json(await customer.request('GET', '/api/msa/users/me'))).body.emailPending).toBe(moved);
    // Nothing changed yet: the old email still signs in.
    expect((await (await new TestClient(t.origin).init()).loginMsa('customer@example.com')).status).toBe(200);

    const code = await lastCode(t.origin, moved);
    const wrong = await json(await customer.request('POST', '/api/msa/users/me/emailConfirmation', { code: otherCode(code) }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toHaveProperty('code');

    const confirmed = await json(await customer.request('POST', '/api/msa/users/me/emailConfirmation', { code }));
    expect(confirmed).toMatchObject({ status: 200, body: { id: 'me', email: moved, emailPending: null } });
    // The old address is told; the new one signs in, the old one no longer does.
    const notices = await messagesTo(t.db, 'customer@example.com');
    expect(notices.map((m) => m.body).join('\n')).toContain('Your sign-in email was changed');
    expect((await (await new TestClient(t.origin).init()).loginMsa(moved)).status).toBe(200);
    expect((await (await new TestClient(t.origin).init()).loginMsa('customer@example.com')).status).toBe(401);
    // The code is spent.
    expect((await customer.request('POST', '/api/msa/users/me/emailConfirmation', { code })).status).toBe(400);
    const audit = await t.db.selectFrom('audit_log').select('action').where('action', 'like', 'profile.email%').execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['profile.emailChangeRequested', 'profile.emailChanged']);
  });

  it("does not say whether an email has an account until that address's owner brings its code", async () => {
    const customer = await signedInClient(t.origin, moved);
    await unblockResend(t.db);
    // Another customer's sign-in (DEMO_STAFF_CUSTOMER): the answer is the same as for any new email.
    const taken = 'new.customer@example.com';
    const asked = await json(await customer.request('PUT', '/api/msa/users/me', { email: taken }));
    expect(asked).toMatchObject({ status: 200, body: { emailPending: taken } });
    const code = await lastCode(t.origin, taken);
    const refused = await json(await customer.request('POST', '/api/msa/users/me/emailConfirmation', { code }));
    expect(refused).toMatchObject({ status: 409, body: { errors: { code: expect.any(String) } } });
    expect((await json(await customer.request('GET', '/api/msa/users/me'))).body.email).toBe(moved);
  });

  it('leaves the email to the customer while support acts as them', async () => {
    const staff = await signedInClient(t.origin, 'support.admin', { internal: true });
    const { user_id } = await t.db.selectFrom('users').select('user_id').where('username', '=', moved).executeTakeFirstOrThrow();
    const started = await json(
      await staff.request('POST', '/api/impersonation', {
        userId: user_id,
        reason: 'Customer asked about their phone (ticket 7001)',
        durationMinutes: 15,
      }),
    );
    expect(started.status).toBe(200);
    staff.bearer = started.body.token;
    const refusal = { status: 403, body: { message: 'Sign-in settings cannot be changed while acting as another user.' } };
    expect(await json(await staff.request('PUT', '/api/msa/users/me', { email: 'support.takeover@example.com' }))).toMatchObject(refusal);
    expect(await json(await staff.request('POST', '/api/msa/users/me/emailConfirmation', { code: '123456' }))).toMatchObject(refusal);
    // The phone is the customer's profile: support may fix it, audited with both identities.
    expect((await staff.request('PUT', '/api/msa/users/me', { email: moved, phoneNumber: '+1 555 0199' })).status).toBe(200);
  });
});
