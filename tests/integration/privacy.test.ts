import { describe, expect, it } from 'vitest';
import { signedInClient, TestClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite, SUPPORT_ADMIN, userIdOf } from './fixtures.js';

describe.each(TEST_DATABASES)('privacy policy on $name (SPEC §2, §3, §4, §7)', (database) => {
  const { t, admin } = demoSuite(database, { admin: SUPPORT_ADMIN });

  const userId = (username: string) => userIdOf(t.db, username);

  /** dealer.newuser with every earlier login step done, so only the privacy policy is pending. */
  const onlyPrivacyPending = async () => {
    const id = await userId('dealer.newuser');
    await t.db
      .updateTable('users')
      .set({
        mfa_required: false,
        username_reset_required: false,
        verify_security_questions: false,
        password_reset_required: false,
        terms_required: false,
        privacy_policy_required: true,
      })
      .where('user_id', '=', id)
      .execute();
    await t.db
      .insertInto('user_contact_methods')
      .values({ user_id: id, type: 'email', value: 'noah.newman@example.com', verified_at: new Date() })
      .onConflict((oc) => oc.columns(['user_id', 'type']).doNothing())
      .execute();
    return id;
  };

  it('is read anonymously: the latest markdown text and its version', async () => {
    const stranger = await new TestClient(t.origin).init();
    const response = await stranger.request('GET', '/api/privacyPolicy');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.policyText).toMatch(/^# Privacy Policy/);
    expect(body.version).toBeGreaterThan(0);
  });

  it('accepting clears the pending step, records who accepted which version and when, and lets the session on', async () => {
    const id = await onlyPrivacyPending();
    const user = await new TestClient(t.origin).init();
    const login = await user.login('dealer.newuser');
    expect(login.status).toBe(200);
    expect(login.body.reqs).toMatchObject({ privacyPolicyRequired: true, actionRequired: true, mfaRequired: false, noContactInfo: false });
    // Pending: the news is out of reach, the policy is not.
    expect((await user.request('GET', '/api/news')).status).toBe(403);
    const { version } = await (await user.request('GET', '/api/privacyPolicy')).json();

    const before = Date.now();
    const response = await user.request('PUT', '/api/privacyPolicy/accept', { version });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, version });

    const rows = await t.db.selectFrom('privacy_policy_acceptances').selectAll().where('user_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].version).toBe(version);
    expect(new Date(rows[0].accepted_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(rows[0].ip).toBeTruthy();
    const flags = await t.db.selectFrom('users').select('privacy_policy_required').where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(flags.privacy_policy_required).toBe(false);

    // The session's pending flag is gone: the portal opens, and the next sign-in asks nothing.
    expect((await user.request('GET', '/api/news')).status).toBe(200);
    const again = await new TestClient(t.origin).init();
    expect((await again.login('dealer.newuser')).body.reqs).toMatchObject({ privacyPolicyRequired: false, actionRequired: false });

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('actor_user_id', '=', id)
      .where('action', '=', 'privacyPolicy.accepted')
      .execute();
    expect(audit).toEqual([{ action: 'privacyPolicy.accepted', target_id: String(version) }]);
  });

  it('refuses accepting before the earlier sign-in steps are done', async () => {
    const id = await userId('dealer.newuser');
    await t.db
      .updateTable('users')
      .set({ password_reset_required: true, privacy_policy_required: true })
      .where('user_id', '=', id)
      .execute();
    try {
      const user = await new TestClient(t.origin).init();
      const login = await user.login('dealer.newuser');
      expect(login.body.reqs.passwordResetRequired).toBe(true);
      const response = await user.request('PUT', '/api/privacyPolicy/accept', {});
      expect(response.status).toBe(403);
      expect(
        (await t.db.selectFrom('users').select('privacy_policy_required').where('user_id', '=', id).executeTakeFirstOrThrow())
          .privacy_policy_required,
      ).toBe(true);
    } finally {
      await t.db.updateTable('users').set({ password_reset_required: false }).where('user_id', '=', id).execute();
    }
  });

  it('refuses accepting a version older than the latest (409), and anonymous or forged acceptances', async () => {
    await onlyPrivacyPending();
    const user = await new TestClient(t.origin).init();
    await user.login('dealer.newuser');
    const { version } = await (await user.request('GET', '/api/privacyPolicy')).json();
    const published = await admin.request('PUT', '/api/privacyPolicy', { policyText: '# Privacy Policy\n\nVersion two.' });
    expect(published.status).toBe(200);
    const stale = await user.request('PUT', '/api/privacyPolicy/accept', { version });
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toBe('The privacy policy has changed. Please read the new version.');
    expect((await user.request('PUT', '/api/privacyPolicy/accept', { version: 'one' })).status).toBe(400);
    expect((await user.request('PUT', '/api/privacyPolicy/accept', {}, { 'X-XSRF-Token': 'forged' })).status).toBe(403);
    const stranger = await new TestClient(t.origin).init();
    expect((await stranger.request('PUT', '/api/privacyPolicy/accept', {})).status).toBe(401);
    // Without a version the latest is accepted.
    const accepted = await user.request('PUT', '/api/privacyPolicy/accept');
    expect(accepted.status).toBe(200);
    expect((await accepted.json()).version).toBe((await published.json()).version);
  });

  it('is published by editors only, as a new version, with markup kept as text, and audited', async () => {
    const before = await (await admin.request('GET', '/api/privacyPolicy')).json();
    const text = '# Policy\n\n<script>alert(1)</script> [x](javascript:alert(1))';
    const response = await admin.request('PUT', '/api/privacyPolicy', { policyText: text });
    expect(response.status).toBe(200);
    const created = await response.json();
    expect(created).toEqual({ policyText: text, version: before.version + 1 });
    expect(await (await new TestClient(t.origin).request('GET', '/api/privacyPolicy')).json()).toEqual(created);
    expect(await t.db.selectFrom('privacy_policies').select('version').where('version', '=', before.version).execute()).toHaveLength(1);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'privacyPolicy.updated')
      .where('target_id', '=', String(created.version))
      .execute();
    expect(audit).toHaveLength(1);

    expect((await admin.request('PUT', '/api/privacyPolicy', { policyText: '' })).status).toBe(400);
    const dealer = await signedInClient(t.origin, 'dealer.beta');
    expect((await dealer.request('PUT', '/api/privacyPolicy', { policyText: 'Mine now' })).status).toBe(403);
    await t.db.updateTable('users').set({ can_edit_news: false }).where('username', '=', 'support.admin').execute();
    try {
      expect((await admin.request('PUT', '/api/privacyPolicy', { policyText: 'No edit rights' })).status).toBe(403);
    } finally {
      await t.db.updateTable('users').set({ can_edit_news: true }).where('username', '=', 'support.admin').execute();
    }
  });
});
