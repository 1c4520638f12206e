import { describe, expect, it } from 'vitest';
import { signedInClient, TestClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite, SUPPORT_ADMIN } from './fixtures.js';

const banner = { active: true, title: 'Scheduled maintenance', body: 'The portal is down from 2 to 3 am.', importance: 'Warning' };

describe.each(TEST_DATABASES)('status banner on $name (SPEC §3, §5, §7)', (database) => {
  const { t, admin } = demoSuite(database, { admin: SUPPORT_ADMIN });

  it('is read anonymously (it is on the login page)', async () => {
    const stranger = await new TestClient(t.origin).init();
    const response = await stranger.request('GET', '/api/statusBanner');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      active: true,
      title: 'Welcome to the demo portal',
      body: 'This portal runs on demonstration data. Every demo user signs in with the password shown in the README.',
      importance: 'Info',
    });
  });

  it('is set by an application-1 editor, answers the saved banner, and every reader sees it', async () => {
    const response = await admin.request('PUT', '/api/statusBanner', banner);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(banner);
    const stranger = await new TestClient(t.origin).init();
    expect(await (await stranger.request('GET', '/api/statusBanner')).json()).toEqual(banner);
  });

  it('keeps markup as text', async () => {
    const markup = { ...banner, title: '<img src=x onerror=alert(1)>', body: '<script>alert(1)</script>' };
    expect((await admin.request('PUT', '/api/statusBanner', markup)).status).toBe(200);
    expect(await (await admin.request('GET', '/api/statusBanner')).json()).toEqual(markup);
  });

  it('validates every field and answers one message per field (SPEC §5 status banner)', async () => {
    const response = await admin.request('PUT', '/api/statusBanner', { title: 'x'.repeat(129), body: '', importance: 'Low' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'The form is not valid. Please check for errors',
      errors: {
        active: 'Required',
        title: 'Must be 128 characters or less',
        body: 'Required',
        importance: 'Must be one of: High, Warning, Info',
      },
    });
    const blank = await admin.request('PUT', '/api/statusBanner', { ...banner, title: '   ', body: 'b'.repeat(1025) });
    expect((await blank.json()).errors).toEqual({ title: 'Required', body: 'Must be 1024 characters or less' });
    const extra = await admin.request('PUT', '/api/statusBanner', { ...banner, updatedBy: 1 });
    expect((await extra.json()).errors).toEqual({ updatedBy: 'This field is not accepted' });
    const wrongType = await admin.request('PUT', '/api/statusBanner', { ...banner, active: 'yes' });
    expect((await wrongType.json()).errors).toEqual({ active: 'Must be a boolean' });
  });

  it('takes every limit at its maximum (SPEC §9 banner title 128, body 1024)', async () => {
    const max = { active: false, title: 't'.repeat(128), body: 'b'.repeat(1024), importance: 'High' };
    const response = await admin.request('PUT', '/api/statusBanner', max);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(max);
  });

  it('answers in the language of the request', async () => {
    const response = await admin.request('PUT', '/api/statusBanner', { ...banner, title: '' }, { 'Accept-Language': 'es' });
    expect((await response.json()).errors).toEqual({ title: 'Obligatorio' });
  });

  it('refuses dealers, customers, staff without canEdit, strangers and writes without the XSRF header', async () => {
    const dealer = await signedInClient(t.origin, 'dealer.beta');
    expect((await dealer.request('PUT', '/api/statusBanner', banner)).status).toBe(403);
    const customer = await signedInClient(t.origin, 'customer@example.com');
    expect((await customer.request('PUT', '/api/statusBanner', banner)).status).toBe(403);
    const stranger = await new TestClient(t.origin).init();
    expect((await stranger.request('PUT', '/api/statusBanner', banner)).status).toBe(401);
    expect((await admin.request('PUT', '/api/statusBanner', banner, { 'X-XSRF-Token': 'forged' })).status).toBe(403);

    await t.db.updateTable('users').set({ can_edit_news: false }).where('username', '=', 'support.admin').execute();
    try {
      const response = await admin.request('PUT', '/api/statusBanner', { ...banner, title: 'Not allowed' });
      expect(response.status).toBe(403);
    } finally {
      await t.db.updateTable('users').set({ can_edit_news: true }).where('username', '=', 'support.admin').execute();
    }
    expect((await (await stranger.request('GET', '/api/statusBanner')).json()).title).not.toBe('Not allowed');
  });

  it('refuses an editor whose sign-in still has steps pending', async () => {
    await t.db.updateTable('users').set({ privacy_policy_required: true }).where('username', '=', 'support.admin').execute();
    try {
      const pending = await new TestClient(t.origin).init();
      const login = await pending.login('support.admin', undefined, { internal: true });
      expect(login.body.reqs.actionRequired).toBe(true);
      // The GET is allowed while pending (the login page shows it); the PUT is not.
      expect((await pending.request('GET', '/api/statusBanner')).status).toBe(200);
      expect((await pending.request('PUT', '/api/statusBanner', banner)).status).toBe(403);
    } finally {
      await t.db.updateTable('users').set({ privacy_policy_required: false }).where('username', '=', 'support.admin').execute();
    }
  });

  it('writes every change to the audit log, with the text before and after', async () => {
    await admin.request('PUT', '/api/statusBanner', { ...banner, title: 'Before' });
    await admin.request('PUT', '/api/statusBanner', { ...banner, title: 'After', active: false });
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'details', 'ip'])
      .where('action', '=', 'statusBanner.updated')
      .orderBy('audit_id', 'desc')
      .limit(1)
      .execute();
    const admins = await t.db.selectFrom('users').select('user_id').where('username', '=', 'support.admin').executeTakeFirstOrThrow();
    expect(rows[0]).toMatchObject({
      actor_user_id: admins.user_id,
      details: { before: { title: 'Before', active: true }, after: { title: 'After', active: false } },
    });
    expect(rows[0].ip).toBeTruthy();
  });

  it('answers 404 until a banner was set up', async () => {
    await t.db.deleteFrom('status_banner').execute();
    const response = await new TestClient(t.origin).request('GET', '/api/statusBanner');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'No status banner has been set up yet' });
    expect((await admin.request('PUT', '/api/statusBanner', banner)).status).toBe(200);
  });
});
