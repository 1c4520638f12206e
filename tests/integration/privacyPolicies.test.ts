import { beforeAll, describe, expect, it } from 'vitest';
import { privacyRepository } from '../../src/server/privacy/privacyRepository.js';
import { signedInClient, TestClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite, SUPPORT_ADMIN } from './fixtures.js';

/**
 * The editors' screen of the privacy policy (/api/privacyPolicies): only application-1 users with
 * canEdit read and publish versions; a published version makes every user accept it at their next
 * sign-in (SPEC §4 login steps); earlier versions stay readable.
 */
describe.each(TEST_DATABASES)('privacy policy versions on $name (SPEC §4, §6, §7)', (database) => {
  const { t, admin } = demoSuite(database, { admin: SUPPORT_ADMIN });
  let firstVersion: number;
  let firstText: string;

  const flagOf = async (username: string) =>
    await t.db
      .selectFrom('users')
      .select(['user_id', 'privacy_policy_required'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    const first = await t.db.selectFrom('privacy_policies').select(['version', 'policy_text']).orderBy('version').executeTakeFirstOrThrow();
    firstVersion = first.version;
    firstText = first.policy_text;
  });

  it('answers 403 to staff without canEdit and to dealers, 401 without a session, on every route', async () => {
    const viewer = await signedInClient(t.origin, 'support.viewer', { internal: true });
    const dealer = await signedInClient(t.origin, 'dealer.beta');
    const stranger = await new TestClient(t.origin).init();
    for (const [client, status] of [
      [viewer, 403],
      [dealer, 403],
      [stranger, 401],
    ] as const) {
      expect((await client.request('GET', '/api/privacyPolicies')).status).toBe(status);
      expect((await client.request('GET', `/api/privacyPolicies/${firstVersion}`)).status).toBe(status);
      expect((await client.request('POST', '/api/privacyPolicies', { policyText: '# Not mine' })).status).toBe(status);
    }
    expect(await t.db.selectFrom('privacy_policies').select('version').execute()).toHaveLength(1);
  });

  it('lists the versions for editors, newest first, without their texts, with Content-Range', async () => {
    const response = await admin.request('GET', '/api/privacyPolicies?sort=["version","DESC"]&range=[0,9]');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBe('privacyPolicies 0-0/1');
    const [only] = await response.json();
    expect(only).toEqual({ id: firstVersion, version: firstVersion, publishedAt: expect.any(String), publishedBy: 'Sam Support' });
    expect((await admin.request('GET', '/api/privacyPolicies?range=[0,5000]')).status).toBe(400);
    expect((await admin.request('GET', '/api/privacyPolicies?sort=["policyText","ASC"]')).status).toBe(400);
  });

  it('publishes a new version (audited); a user who accepted the old one is asked again at the next sign-in, and accepting ends it', async () => {
    const before = await new TestClient(t.origin).init();
    expect((await before.login('dealer.beta')).body.reqs).toMatchObject({ privacyPolicyRequired: false, actionRequired: false });

    const text = '# Privacy Policy\n\nVersion two: we keep less.';
    const response = await admin.request('POST', '/api/privacyPolicies', { policyText: text });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toEqual({
      id: firstVersion + 1,
      version: firstVersion + 1,
      publishedAt: expect.any(String),
      publishedBy: 'Sam Support',
      policyText: text,
    });
    expect(Math.abs(Date.parse(created.publishedAt) - Date.now())).toBeLessThan(60_000);
    // Audited, as staff read it in the audit log: who published which version.
    const filter = encodeURIComponent(JSON.stringify({ action: 'privacyPolicy.updated', targetId: String(created.version) }));
    const audit = await (await admin.request('GET', `/api/auditLog?filter=${filter}`)).json();
    expect(audit).toEqual([
      expect.objectContaining({ action: 'privacyPolicy.updated', targetType: 'privacyPolicy', targetId: String(created.version) }),
    ]);
    // What users read anonymously is the new version.
    expect(await (await new TestClient(t.origin).request('GET', '/api/privacyPolicy')).json()).toEqual({
      policyText: text,
      version: created.version,
    });

    // Every user must accept it, those who accepted the old one included (dealer.beta did, in the demo data).
    const pending = await t.db.selectFrom('users').select('username').where('privacy_policy_required', '=', false).execute();
    expect(pending).toEqual([]);
    const again = await new TestClient(t.origin).init();
    const login = await again.login('dealer.beta');
    expect(login.body.reqs).toMatchObject({ privacyPolicyRequired: true, actionRequired: true });
    expect((await again.request('GET', '/api/news')).status).toBe(403);
    // Accepting the old version is refused; the new one ends the step, and the sign-in after asks nothing.
    expect((await again.request('PUT', '/api/privacyPolicy/accept', { version: firstVersion })).status).toBe(409);
    expect((await again.request('PUT', '/api/privacyPolicy/accept', { version: created.version })).status).toBe(200);
    expect((await again.request('GET', '/api/news')).status).toBe(200);
    const after = await new TestClient(t.origin).init();
    expect((await after.login('dealer.beta')).body.reqs).toMatchObject({ privacyPolicyRequired: false, actionRequired: false });
  });

  it('an acceptance of an older version never clears the step a newer version set', async () => {
    const { user_id } = await flagOf('dealer.summit');
    await privacyRepository(t.db).accept(user_id, firstVersion, '127.0.0.1');
    expect((await flagOf('dealer.summit')).privacy_policy_required).toBe(true);
    const latest = (await privacyRepository(t.db).latest())!;
    await privacyRepository(t.db).accept(user_id, latest.version, '127.0.0.1');
    expect((await flagOf('dealer.summit')).privacy_policy_required).toBe(false);
  });

  it('keeps earlier versions readable, read-only, and lists both newest first', async () => {
    const old = await admin.request('GET', `/api/privacyPolicies/${firstVersion}`);
    expect(old.status).toBe(200);
    expect(await old.json()).toEqual({
      id: firstVersion,
      version: firstVersion,
      publishedAt: expect.any(String),
      publishedBy: 'Sam Support',
      policyText: firstText,
    });
    const list = await admin.request('GET', '/api/privacyPolicies');
    expect(list.headers.get('content-range')).toBe('privacyPolicies 0-1/2');
    expect((await list.json()).map((v: { version: number }) => v.version)).toEqual([firstVersion + 1, firstVersion]);
    const oldest = await admin.request('GET', '/api/privacyPolicies?sort=["publishedAt","ASC"]&range=[0,0]');
    expect((await oldest.json()).map((v: { version: number }) => v.version)).toEqual([firstVersion]);
    expect(oldest.headers.get('content-range')).toBe('privacyPolicies 0-0/2');
    expect((await admin.request('GET', '/api/privacyPolicies?range=[5,9]')).headers.get('content-range')).toBe('privacyPolicies 5-5/2');
    expect((await admin.request('GET', '/api/privacyPolicies/999999')).status).toBe(404);
    // No route changes or removes a version.
    expect((await admin.request('PUT', `/api/privacyPolicies/${firstVersion}`, { policyText: 'Rewritten' })).status).toBe(404);
    expect((await admin.request('DELETE', `/api/privacyPolicies/${firstVersion}`)).status).toBe(404);
  });

  it('refuses a blank or missing text (400) and publishes nothing', async () => {
    const count = async () => (await t.db.selectFrom('privacy_policies').select('version').execute()).length;
    const before = await count();
    expect((await admin.request('POST', '/api/privacyPolicies', { policyText: '   \n ' })).status).toBe(400);
    expect((await admin.request('POST', '/api/privacyPolicies', {})).status).toBe(400);
    expect(await count()).toBe(before);
  });
});
