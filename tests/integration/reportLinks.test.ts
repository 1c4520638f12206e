import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { reportLinks } from '../../src/server/reports/reportLinksRepository.js';
import { json, lastCode, otherCode, signedInClient, TestClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite } from './fixtures.js';
import { sleep } from './realtimeHelpers.js';

/**
 * Report download by emailed link (SPEC §2 reports-download/{id},
 * §4 Report download, §7 mfa/requestReportCode, §9 resend block): the code
 * from the outbox opens the file; a wrong, expired or used code, a resend
 * within 30 s, another user's link and another link's token are refused.
 */
const RECIPIENT = 'night.manager@example.com';

describe.each(TEST_DATABASES)('report links on $name', (database) => {
  const { t } = demoSuite(database);
  let runId: number;
  let fileText: string;

  const anonymous = async () => {
    const client = new TestClient(t.origin);
    await client.request('GET', '/api/health');
    return client;
  };
  const requestCode = (client: TestClient, linkID: string, resendCode = false) =>
    client.request('POST', '/api/mfa/requestReportCode', { linkID, type: 'email', mfaType: 'reportingVerification', resendCode });
  const exchange = (client: TestClient, linkID: string, code: string) =>
    client.request('POST', '/api/report/download/exchange', { linkID, code });
  const newLink = (email = RECIPIENT, expiresAt = new Date(Date.now() + 86_400_000)) => reportLinks(t.db).create(runId, email, expiresAt);
  /** Lets the next code be sent at once (the 30 s block and the hourly cap are about the time codes were made). */
  const unblock = () =>
    t.db
      .updateTable('report_link_codes')
      .set({ created_at: sql`created_at - interval '2 hours'` })
      .execute();

  beforeAll(async () => {
    const beta = await signedInClient(t.origin, 'dealer.beta');
    const queued = await json(
      await beta.request('POST', '/api/reportRuns', { reportId: 'zoneList', format: 'csv', parameters: { siteNums: [] }, timeZone: 'UTC' }),
    );
    runId = queued.body.id;
    for (let run = queued.body; run.status !== 'done'; await sleep(200)) {
      run = (await json(await beta.request('GET', `/api/reportRuns/${runId}`))).body;
      if (run.status === 'failed') throw new Error(run.error);
    }
    fileText = await (await beta.request('GET', `/api/reportRuns/${runId}/file`)).text();
  });

  it('signed out: the code emailed to the link address opens the file, once', async () => {
    const linkID = await newLink();
    const client = await anonymous();
    expect((await client.request('GET', `/api/report/download/${linkID}`)).status).toBe(401);

    const sent = await json(await requestCode(client, linkID));
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ emailAddress: expect.stringMatching(/^nigh\*+$/), isTRMUser: false, runId });
    expect(sent.body.emailAddress).not.toBe(RECIPIENT);
    const code = await lastCode(t.origin, RECIPIENT);

    const granted = await json(await exchange(client, linkID, code));
    expect(granted.status).toBe(200);
    expect(new Date(granted.body.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(granted.body.fileName).toMatch(/\.csv$/);
    // The run, whose page the verified view leads to (SPEC §4 'Verified: go to /reports/{id}').
    expect(granted.body.runId).toBe(runId);
    expect(client.cookie('report_download')).toBeTruthy();

    const file = await client.request('GET', `/api/report/download/${linkID}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect(await file.text()).toBe(fileText);

    // The code was spent.
    expect((await exchange(await anonymous(), linkID, code)).status).toBe(400);
  });

  it('a wrong code is refused with a message at the field; the fifth locks the code', async () => {
    const linkID = await newLink();
    const client = await anonymous();
    await requestCode(client, linkID);
    const code = await lastCode(t.origin, RECIPIENT);
    const wrong = await json(await exchange(client, linkID, otherCode(code)));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The code is wrong or has expired. Check the latest email or send a new code.');
    for (let i = 0; i < 3; i++) await exchange(client, linkID, otherCode(code));
    expect((await exchange(client, linkID, otherCode(code))).status).toBe(429);
    expect((await exchange(client, linkID, code)).status).toBe(429);
  });

  it('an expired code is refused', async () => {
    const linkID = await newLink();
    const client = await anonymous();
    await requestCode(client, linkID);
    const code = await lastCode(t.origin, RECIPIENT);
    await t.db
      .updateTable('report_link_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('link_id', '=', linkID)
      .execute();
    expect((await exchange(client, linkID, code)).status).toBe(400);
  });

  it('Resend Code within 30 s is refused; after it a new code replaces the old', async () => {
    const linkID = await newLink();
    const client = await anonymous();
    await requestCode(client, linkID);
    const first = await lastCode(t.origin, RECIPIENT);
    // Opening the page again keeps the code that is still good, and sends nothing.
    const reopened = await requestCode(client, linkID, false);
    expect(reopened.status).toBe(200);
    expect(await lastCode(t.origin, RECIPIENT)).toBe(first);
    const early = await json(await requestCode(client, linkID, true));
    expect(early.status).toBe(429);
    expect(early.body.message).toBe('Too many attempts. Please try again later.');
    await unblock();
    expect((await requestCode(client, linkID, true)).status).toBe(200);
    const second = await lastCode(t.origin, RECIPIENT);
    if (second !== first) expect((await exchange(client, linkID, first)).status).toBe(400);
    expect((await exchange(client, linkID, second)).status).toBe(200);
  });

  it("another user's session does not open the link, and one link's token does not open another", async () => {
    const linkA = await newLink();
    const linkB = await newLink();
    const other = await signedInClient(t.origin, 'support.admin', { internal: true });
    expect((await other.request('GET', `/api/report/download/${linkA}`)).status).toBe(401);
    // The owner's session opens it at once.
    const owner = await signedInClient(t.origin, 'dealer.beta');
    expect((await owner.request('GET', `/api/report/download/${linkA}`)).status).toBe(200);

    const client = await anonymous();
    await unblock();
    await requestCode(client, linkA);
    expect((await exchange(client, linkA, await lastCode(t.origin, RECIPIENT))).status).toBe(200);
    expect((await client.request('GET', `/api/report/download/${linkA}`)).status).toBe(200);
    const token = client.cookie('report_download')!;
    client.setCookie('report_download', token, '/api/report/download');
    expect((await client.request('GET', `/api/report/download/${linkB}`)).status).toBe(401);
    // A token whose signature does not match is worthless.
    client.setCookie('report_download', `${linkA}.${Date.now() + 3_600_000}.forged`, '/api/report/download');
    expect((await client.request('GET', `/api/report/download/${linkA}`)).status).toBe(401);
  });

  it('an internal recipient is told so (isTRMUser); unknown and expired links get their own answers', async () => {
    const admin = await t.db.selectFrom('users').select('email').where('username', '=', 'support.admin').executeTakeFirstOrThrow();
    const internal = await newLink(admin.email!);
    expect((await json(await requestCode(await anonymous(), internal))).body.isTRMUser).toBe(true);

    const unknown = await json(await requestCode(await anonymous(), 'no-such-link'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('This report link is not valid. Check that you copied the whole link from the email.');

    const expired = await newLink(RECIPIENT, new Date(Date.now() - 1000));
    const gone = await json(await requestCode(await anonymous(), expired));
    expect(gone.status).toBe(410);
    expect(gone.body.message).toBe('This report link has expired. Reports are kept for 30 days; ask for the report again.');
    expect((await (await anonymous()).request('GET', `/api/report/download/${expired}`)).status).toBe(410);
  });

  it('every step is audited', async () => {
    const actions = await t.db.selectFrom('audit_log').select('action').distinct().where('action', 'like', 'reportLink.%').execute();
    expect(actions.map((a) => a.action).sort()).toEqual(
      expect.arrayContaining(['reportLink.codeRefused', 'reportLink.codeRejected', 'reportLink.codeSent', 'reportLink.verified']),
    );
  });
});
