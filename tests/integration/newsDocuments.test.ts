import { beforeEach, describe, expect, it } from 'vitest';
import { minimalPdf, MAX_DOCUMENT_BYTES } from '../../src/server/http/pdf.js';
import { type FormFile, TestClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite, SUPPORT_ADMIN } from './fixtures.js';

const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

/** A multipart upload as a browser sends it: cookies, XSRF header, one or more files. */
async function upload(client: TestClient, id: number, files: FormFile[], fields: Record<string, string> = {}, headers: HeadersInit = {}) {
  const pdfs = files.map((file) => ({ ...file, type: file.type ?? 'application/pdf' }));
  return client.requestForm('POST', `/api/news/${id}/document`, fields, pdfs, headers);
}

describe.each(TEST_DATABASES)('news documents on $name (SPEC §2, §5, §7)', (database) => {
  const { t, admin, dealer, customer } = demoSuite(database, {
    admin: SUPPORT_ADMIN,
    dealer: 'dealer.beta',
    customer: 'customer@example.com',
  });
  beforeEach(async () => {
    await t.db.deleteFrom('news_items').execute();
  });

  const create = async (over: Record<string, unknown> = {}) => {
    const response = await admin.request('POST', '/api/news', { title: 'Firmware notes', body: 'Read the attached notes.', ...over });
    expect(response.status).toBe(201);
    return (await response.json()) as { id: number; hasDocument: boolean; documentName: string | null };
  };

  it('uploads one PDF, lists it as having a document, and lets a dealer download it', async () => {
    const item = await create();
    const pdf = minimalPdf('Release notes');
    const response = await upload(admin, item.id, [{ name: 'release-notes.pdf', content: pdf }]);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: item.id, hasDocument: true, documentName: 'release-notes.pdf' });

    const list = await (await dealer.request('GET', '/api/news')).json();
    expect(list.find((n: { id: number }) => n.id === item.id)).toMatchObject({ hasDocument: true, documentName: 'release-notes.pdf' });

    const download = await dealer.request('GET', `/api/news/${item.id}/document`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="release-notes.pdf"; filename*=UTF-8''release-notes.pdf`,
    );
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('takes the name field over the file name, and makes unsafe names safe', async () => {
    const item = await create();
    const named = await upload(admin, item.id, [{ name: 'x.pdf', content: minimalPdf() }], { name: 'Quarterly "Report"' });
    expect((await named.json()).documentName).toBe('Quarterly Report.pdf');
    const traversal = await upload(admin, item.id, [{ name: '../../etc/passwd', content: minimalPdf() }]);
    expect((await traversal.json()).documentName).toBe('passwd.pdf');
    const download = await admin.request('GET', `/api/news/${item.id}/document`);
    expect(download.headers.get('content-disposition')).toContain('filename="passwd.pdf"');
  });

  it('refuses a text file renamed to .pdf, checked by content not name (SPEC §5 pdf only)', async () => {
    const item = await create();
    const response = await upload(admin, item.id, [
      { name: 'notes.pdf', content: Buffer.from('These are plain notes, not a PDF.\n'.repeat(10)), type: 'application/pdf' },
    ]);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe('Only PDF documents can be uploaded: this file is not a PDF.');
    const after = await (await admin.request('GET', `/api/news/${item.id}`)).json();
    expect(after).toMatchObject({ hasDocument: false, documentName: null });
  });

  it('refuses HTML that claims to be a PDF, and a truncated PDF', async () => {
    const item = await create();
    const html = await upload(admin, item.id, [{ name: 'a.pdf', content: Buffer.from('%PDF-1.4\n<script>alert(1)</script>\n') }]);
    expect(html.status).toBe(400);
    const whole = minimalPdf();
    const truncated = await upload(admin, item.id, [{ name: 'b.pdf', content: whole.subarray(0, whole.length - 20) }]);
    expect(truncated.status).toBe(400);
  });

  it('accepts a PDF whatever the file is called', async () => {
    const item = await create();
    const response = await upload(admin, item.id, [{ name: 'scan.txt', content: minimalPdf(), type: 'text/plain' }]);
    expect(response.status).toBe(200);
    expect((await response.json()).documentName).toBe('scan.txt.pdf');
  });

  it('takes exactly one file (SPEC §9 Document upload: 1 file)', async () => {
    const item = await create();
    const two = await upload(admin, item.id, [
      { name: 'a.pdf', content: minimalPdf() },
      { name: 'b.pdf', content: minimalPdf() },
    ]);
    expect(two.status).toBe(400);
    expect((await two.json()).message).toBe('Upload exactly one file.');
    const none = await upload(admin, item.id, [], { name: 'nothing.pdf' });
    expect(none.status).toBe(400);
    expect((await none.json()).message).toBe('Choose a PDF file to upload.');
    const json = await admin.request('POST', `/api/news/${item.id}/document`, { file: 'x' });
    expect(json.status).toBe(415);
  });

  it(`refuses a document over ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB with 413`, async () => {
    const item = await create();
    const pdf = minimalPdf();
    const big = Buffer.concat([pdf.subarray(0, 9), Buffer.alloc(MAX_DOCUMENT_BYTES, 0x20), pdf.subarray(9)]);
    const response = await upload(admin, item.id, [{ name: 'big.pdf', content: big }]);
    expect(response.status).toBe(413);
    expect((await response.json()).message).toBe('The document must be 10 MB or smaller.');
    expect((await t.db.selectFrom('news_documents').select('news_id').execute()).length).toBe(0);
  });

  it('lets only news editors upload and delete, with the XSRF header', async () => {
    const item = await create();
    const pdf = minimalPdf();
    expect((await upload(dealer, item.id, [{ name: 'a.pdf', content: pdf }])).status).toBe(403);
    expect((await upload(customer, item.id, [{ name: 'a.pdf', content: pdf }])).status).toBe(403);
    const stranger = await new TestClient(t.origin).init();
    expect((await upload(stranger, item.id, [{ name: 'a.pdf', content: pdf }])).status).toBe(401);
    // A forged cross-site form post carries the cookies but not the header.
    expect((await upload(admin, item.id, [{ name: 'a.pdf', content: pdf }], {}, { 'X-XSRF-Token': 'forged' })).status).toBe(403);
    expect((await upload(admin, item.id, [{ name: 'a.pdf', content: pdf }])).status).toBe(200);
    expect((await dealer.request('DELETE', `/api/news/${item.id}/document`)).status).toBe(403);
    expect((await admin.request('DELETE', `/api/news/${item.id}/document`, undefined, { 'X-XSRF-Token': 'forged' })).status).toBe(403);
    expect((await upload(admin, 999999, [{ name: 'a.pdf', content: pdf }])).status).toBe(404);
  });

  it('lets only those who may see the item download it: active items for dealers, not customers', async () => {
    const future = await create({ effectiveDate: iso(3) });
    expect((await upload(admin, future.id, [{ name: 'a.pdf', content: minimalPdf() }])).status).toBe(200);
    expect((await admin.request('GET', `/api/news/${future.id}/document`)).status).toBe(200);
    expect((await dealer.request('GET', `/api/news/${future.id}/document`)).status).toBe(404);
    expect((await customer.request('GET', `/api/news/${future.id}/document`)).status).toBe(403);
    const stranger = await new TestClient(t.origin).init();
    expect((await stranger.request('GET', `/api/news/${future.id}/document`)).status).toBe(401);
    const bare = await create();
    const missing = await dealer.request('GET', `/api/news/${bare.id}/document`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe('This news item has no document.');
  });

  it('deletes the document and its name, keeps the item, and writes the audit log', async () => {
    const item = await create();
    await upload(admin, item.id, [{ name: 'a.pdf', content: minimalPdf() }]);
    const response = await admin.request('DELETE', `/api/news/${item.id}/document`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: item.id, hasDocument: false, documentName: null, title: 'Firmware notes' });
    expect((await admin.request('GET', `/api/news/${item.id}/document`)).status).toBe(404);
    // Deleting again is harmless.
    expect((await admin.request('DELETE', `/api/news/${item.id}/document`)).status).toBe(200);
    const actions = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target_type', '=', 'news')
      .where('target_id', '=', String(item.id))
      .orderBy('audit_id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['news.created', 'news.documentUploaded', 'news.documentDeleted']);
    expect(actions[1].details).toMatchObject({ name: 'a.pdf' });
  });

  it('keeps the document when the item is updated, and removes it with the item', async () => {
    const item = await create();
    await upload(admin, item.id, [{ name: 'kept.pdf', content: minimalPdf() }]);
    const updated = await admin.request('PUT', `/api/news/${item.id}`, { title: 'Renamed', body: 'Still here', documentName: null });
    expect(await updated.json()).toMatchObject({ title: 'Renamed', hasDocument: true, documentName: 'kept.pdf' });
    expect((await admin.request('DELETE', `/api/news/${item.id}`)).status).toBe(200);
    expect(await t.db.selectFrom('news_documents').select('news_id').where('news_id', '=', item.id).execute()).toEqual([]);
  });
});
