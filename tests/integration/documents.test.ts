import { describe, expect, it } from 'vitest';
import { solidPng } from '../../src/server/db/seed/documentsSeed.js';
import { minimalPdf } from '../../src/server/http/pdf.js';
import { type FormFile, json, listQuery, signedInClient, type TestClient } from './client.js';
import { messagesTo, TEST_DATABASES } from './harness.js';
import { auditsOf, demoSuite, ONE_OF_EACH } from './fixtures.js';

/**
 * The help pages: the document libraries (/api/documents), contact us
 * (/api/contactRequests) and the product roadmap (/api/roadmapItems), against the demo data.
 */

/** A multipart form as a browser sends it (cookies, XSRF header). */
const postForm = (client: TestClient, path: string, fields: Record<string, string>, file?: FormFile) =>
  client.requestForm('POST', path, fields, file ? [file] : []);

describe.each(TEST_DATABASES)('documents, contact us and roadmap on $name', (database) => {
  const { t, admin, viewer, dealer, customer } = demoSuite(database, ONE_OF_EACH);

  const auditActions = (action: string) => auditsOf(t.db, action);

  describe('document libraries', () => {
    it('lets a dealer list and search the resources for dealers, and download one (audited)', async () => {
      const { status, body } = await json(await dealer.request('GET', `/api/documents?${listQuery({ library: 'resources' })}`));
      expect(status).toBe(200);
      expect(body.length).toBeGreaterThan(0);
      expect(body.every((d: { library: string; audience: string }) => d.library === 'resources' && d.audience === 'dealers')).toBe(true);
      expect(body.map((d: { title: string }) => d.title)).not.toContain('Support escalation matrix');

      const byTag = (await json(await dealer.request('GET', `/api/documents?${listQuery({ library: 'resources', tag: 'GUIDE' })}`))).body;
      expect(byTag.map((d: { title: string }) => d.title).sort()).toEqual(['Dealer onboarding guide', 'Panel wiring quick reference']);
      const byText = (await json(await dealer.request('GET', `/api/documents?${listQuery({ q: 'verification' })}`))).body;
      expect(byText.map((d: { title: string }) => d.title)).toEqual(['Alarm verification procedures']);
      const byTagText = (await json(await dealer.request('GET', `/api/documents?${listQuery({ q: 'onboard' })}`))).body;
      expect(byTagText.map((d: { title: string }) => d.title)).toEqual(['Dealer onboarding guide']);

      const guide = body.find((d: { title: string }) => d.title === 'Dealer onboarding guide');
      const download = await dealer.request('GET', `/api/documents/${guide.id}/file`);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('application/pdf');
      expect(download.headers.get('content-disposition')).toContain('filename="dealer-onboarding-guide.pdf"');
      expect(download.headers.get('x-content-type-options')).toBe('nosniff');
      expect(
        Buffer.from(await download.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      const audited = await auditActions('documents.downloaded');
      expect(audited.some((a) => a.target_id === String(guide.id))).toBe(true);
    });

    it('refuses a dealer the upload (403), the marketing library (403) and staff-only documents (404)', async () => {
      const upload = await postForm(
        dealer,
        '/api/documents',
        { library: 'resources', title: 'Mine', tags: 'x', audience: 'dealers' },
        { name: 'mine.pdf', content: minimalPdf('Mine') },
      );
      expect(upload.status).toBe(403);
      expect((await dealer.request('GET', `/api/documents?${listQuery({ library: 'marketing' })}`)).status).toBe(403);
      const all = (await json(await dealer.request('GET', `/api/documents?${listQuery({})}`))).body;
      expect(all.every((d: { library: string }) => d.library === 'resources')).toBe(true);

      const staffOnly = await t.db.selectFrom('library_documents').select('document_id').where('audience', '=', 'staff').execute();
      for (const { document_id } of staffOnly) {
        expect((await dealer.request('GET', `/api/documents/${document_id}`)).status).toBe(404);
        expect((await dealer.request('GET', `/api/documents/${document_id}/file`)).status).toBe(404);
      }
      // Customers (application 3) have no library at all.
      expect((await customer.request('GET', `/api/documents?${listQuery({})}`)).status).toBe(403);
    });

    it('lets application 1 read the marketing library; support.viewer reads but may not upload', async () => {
      const marketing = (await json(await viewer.request('GET', `/api/documents?${listQuery({ library: 'marketing' })}`))).body;
      expect(marketing.map((d: { title: string }) => d.title).sort()).toEqual(['Monitoring services brochure', 'Spring campaign banner']);
      const upload = await postForm(
        viewer,
        '/api/documents',
        { library: 'marketing', title: 'Viewer upload', tags: '', audience: 'staff' },
        { name: 'v.pdf', content: minimalPdf() },
      );
      expect(upload.status).toBe(403);
    });

    it('lets support.admin upload a PDF and an image, checked by content, then edit and delete (audited)', async () => {
      const response = await postForm(
        admin,
        '/api/documents',
        { library: 'resources', title: ' Price list 2026 ', tags: 'pricing, Pricing ,  2026', audience: 'dealers' },
        { name: '../price list.pdf', content: minimalPdf('Price list') },
      );
      expect(response.status).toBe(201);
      const created = await response.json();
      expect(created).toMatchObject({
        library: 'resources',
        title: 'Price list 2026',
        tags: ['pricing', '2026'],
        audience: 'dealers',
        fileName: 'price list.pdf',
        contentType: 'application/pdf',
      });
      // The dealer sees it at once.
      const seen = (await json(await dealer.request('GET', `/api/documents?${listQuery({ tag: 'pricing' })}`))).body;
      expect(seen.map((d: { id: number }) => d.id)).toContain(created.id);

      // A PNG named .pdf is stored as what it is.
      const image = await postForm(
        admin,
        '/api/documents',
        { library: 'marketing', title: 'Logo tile', tags: 'brand', audience: 'staff' },
        { name: 'logo.pdf', content: solidPng(4, 4, [200, 0, 0]) },
      );
      expect(image.status).toBe(201);
      expect(await image.json()).toMatchObject({ fileName: 'logo.png', contentType: 'image/png' });

      // SVG and text are refused, whatever their name; a missing file or title too.
      const svg = await postForm(
        admin,
        '/api/documents',
        { library: 'resources', title: 'Vector', tags: '', audience: 'dealers' },
        { name: 'x.png', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
      );
      expect(svg.status).toBe(400);
      const noFile = await postForm(admin, '/api/documents', { library: 'resources', title: 'Nothing', tags: '', audience: 'dealers' });
      expect(noFile.status).toBe(400);
      const noTitle = await postForm(
        admin,
        '/api/documents',
        { library: 'resources', title: '  ', tags: '', audience: 'dealers' },
        { name: 'a.pdf', content: minimalPdf() },
      );
      expect(noTitle.status).toBe(400);
      expect((await noTitle.json()).errors).toHaveProperty('title');

      const edited = await admin.request('PUT', `/api/documents/${created.id}`, {
        ...created,
        title: 'Price list (staff)',
        audience: 'staff',
      });
      expect(edited.status).toBe(200);
      expect((await dealer.request('GET', `/api/documents/${created.id}`)).status).toBe(404);
      expect((await viewer.request('PUT', `/api/documents/${created.id}`, { ...created })).status).toBe(403);

      expect((await viewer.request('DELETE', `/api/documents/${created.id}`)).status).toBe(403);
      expect((await admin.request('DELETE', `/api/documents/${created.id}`)).status).toBe(200);
      expect((await admin.request('GET', `/api/documents/${created.id}`)).status).toBe(404);
      expect(await t.db.selectFrom('library_document_files').select('document_id').where('document_id', '=', created.id).execute()).toEqual(
        [],
      );

      for (const action of ['documents.uploaded', 'documents.updated', 'documents.deleted']) {
        expect((await auditActions(action)).some((a) => a.target_id === String(created.id))).toBe(true);
      }
    });
  });

  describe('contact us', () => {
    it('mails support through the outbox with the reference, stores the attachment and audits', async () => {
      const response = await postForm(
        dealer,
        '/api/contactRequests',
        { topic: 'bug', message: 'The zone list does not refresh after a change.' },
        { name: 'screenshot.png', content: solidPng(8, 8, [0, 0, 0]) },
      );
      expect(response.status).toBe(201);
      const receipt = await response.json();
      expect(receipt.reference).toMatch(new RegExp(`^CU-${new Date().getUTCFullYear()}-\\d{6}$`));

      const [mail] = await messagesTo(t.db, 'support@localhost');
      expect(mail.subject).toContain(receipt.reference);
      expect(mail.body).toContain('The zone list does not refresh after a change.');
      expect(mail.body).toContain('dealer.beta');
      expect(mail.body).toContain('screenshot.png');

      const stored = await t.db
        .selectFrom('contact_requests')
        .select(['topic', 'attachment_name', 'attachment_type', 'attachment_size'])
        .where('reference', '=', receipt.reference)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ topic: 'bug', attachment_name: 'screenshot.png', attachment_type: 'image/png' });
      const audited = await auditActions('contactRequests.sent');
      expect(audited.some((a) => (a.details as { reference?: string }).reference === receipt.reference)).toBe(true);
    });

    it('refuses a blank message, an unknown topic, a non-image attachment and customers', async () => {
      expect((await postForm(admin, '/api/contactRequests', { topic: 'bug', message: '   ' })).status).toBe(400);
      expect((await postForm(admin, '/api/contactRequests', { topic: 'gossip', message: 'Hello' })).status).toBe(400);
      const svg = await postForm(
        admin,
        '/api/contactRequests',
        { topic: 'other', message: 'See attached' },
        { name: 'a.svg', content: Buffer.from('<svg></svg>') },
      );
      expect(svg.status).toBe(400);
      expect((await postForm(customer, '/api/contactRequests', { topic: 'other', message: 'Hi' })).status).toBe(403);
    });

    it('rate-limits one user to five messages an hour (429 with Retry-After)', async () => {
      const sender = await signedInClient(t.origin, 'dealer.classic');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await postForm(sender, '/api/contactRequests', { topic: 'other', message: `Note ${i}` })).status);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      const refused = await postForm(sender, '/api/contactRequests', { topic: 'other', message: 'Again' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('product roadmap', () => {
    it('lets everyone with the access read the published items, grouped by status', async () => {
      const { status, body } = await json(await dealer.request('GET', '/api/roadmapItems?range=[0,99]'));
      expect(status).toBe(200);
      expect(body).toHaveLength(5);
      expect(body.every((i: { published: boolean }) => i.published)).toBe(true);
      const order = body.map((i: { status: string }) => i.status);
      expect(order).toEqual(
        [...order].sort(
          (a: string, b: string) => ['planned', 'inProgress', 'shipped'].indexOf(a) - ['planned', 'inProgress', 'shipped'].indexOf(b),
        ),
      );
      // The editor sees the draft too.
      expect((await json(await admin.request('GET', '/api/roadmapItems?range=[0,99]'))).body).toHaveLength(6);
      expect((await customer.request('GET', '/api/roadmapItems')).status).toBe(403);
    });

    it('needs canEdit to change it: support.viewer and dealers 403, support.admin creates, edits and deletes (audited)', async () => {
      const item = {
        title: 'Two-way voice',
        description: 'Talk to the premises from the portal.',
        status: 'planned',
        targetDate: '2027-03-31',
        published: true,
      };
      expect((await viewer.request('POST', '/api/roadmapItems', item)).status).toBe(403);
      expect((await dealer.request('POST', '/api/roadmapItems', item)).status).toBe(403);
      const created = await json(await admin.request('POST', '/api/roadmapItems', item));
      expect(created.status).toBe(201);
      expect((await viewer.request('PUT', `/api/roadmapItems/${created.body.id}`, { ...item, status: 'inProgress' })).status).toBe(403);
      const shipped = await json(
        await admin.request('PUT', `/api/roadmapItems/${created.body.id}`, { ...item, status: 'shipped', shippedOn: '2026-11-01' }),
      );
      expect(shipped.body).toMatchObject({ status: 'shipped', shippedOn: '2026-11-01' });
      expect((await viewer.request('DELETE', `/api/roadmapItems/${created.body.id}`)).status).toBe(403);
      expect((await admin.request('DELETE', `/api/roadmapItems/${created.body.id}`)).status).toBe(200);
      for (const action of ['roadmap.created', 'roadmap.updated', 'roadmap.deleted']) {
        expect((await auditActions(action)).some((a) => a.target_id === String(created.body.id))).toBe(true);
      }
    });
  });
});
