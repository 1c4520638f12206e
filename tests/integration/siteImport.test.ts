import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import type { SiteImportProgress } from '../../schemas/siteImport.js';
import { templateColumns } from '../../src/common/siteImport/columns.js';
import { json, type TestClient } from './client.js';
import { auditsOf, demoSuite, pendingSearchPages } from './fixtures.js';
import { TEST_DATABASES } from './harness.js';

/**
 * Importing accounts from a file: upload, mapping and preview (nothing written), fixing and
 * leaving out rows, the job that creates the accounts (pending, as the wizard makes them), a
 * second import of the same file refused row by row, the result file, undo, every bad input a
 * 4xx with a message that says what to do, and access (allowCreateAccountFlag).
 */
let serial = 0;
const stamp = Date.now().toString(36).toUpperCase().slice(-4);
const code = () => `IM${stamp}${String(serial++).padStart(4, '0')}`;

const HEADERS = [
  'Account name',
  'Country',
  'Address',
  'City',
  'State',
  'ZIP',
  'device1TransmitterCode',
  'contact1Name',
  'contact1Phone',
  'contact2Name',
  'contact2Phone',
  'zone1Number',
  'zone1Description',
  'zone1EventType',
  'passcode1Name',
  'passcode1Value',
  'Premise phone',
];
const goodRow = (name: string, transmitter = code()) => [
  name,
  'US',
  '12 Elm Street',
  'Evanston',
  'IL',
  '02101',
  transmitter,
  'Ada Okafor',
  '312-555-0143',
  'Ben Okafor',
  '312-555-0144',
  '1',
  'Front door',
  'Burglary',
  'Primary',
  'sunflower42',
  '(312) 555-0142',
];
const csv = (rows: string[][]) =>
  `${rows.map((r) => r.map((c) => (/[,"\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n')}\r\n`;

async function upload(client: TestClient, content: Uint8Array, name = 'accounts.csv', fields: Record<string, string> = {}) {
  return json(await client.requestForm('POST', '/api/siteImports', fields, [{ name, content }]));
}

async function waitFor(client: TestClient, id: number, statuses: string[]) {
  for (let i = 0; i < 300; i++) {
    const { body } = await json(await client.request('GET', `/api/siteImports/${id}`));
    if (statuses.includes(body.status)) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`import ${id} did not reach ${statuses.join('/')}`);
}

describe.each(TEST_DATABASES)('account import on $name', (database) => {
  const { t, beta, summit } = demoSuite(database, { beta: 'dealer.beta', summit: 'dealer.summit' });

  it('uploads, suggests the mapping, previews without writing, imports pending accounts, refuses a second import row by row, undoes', async () => {
    const sitesBefore = await t.db
      .selectFrom('sites')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const dup = code();
    const rows = [goodRow('Okafor Residence'), goodRow('Duplicate A', dup), goodRow('Duplicate B', dup), goodRow('', code())];
    rows[3][5] = 'ABC';
    const file = Buffer.from(csv([HEADERS, ...rows]));
    const uploaded = await upload(beta, file);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ status: 'draft', kind: 'csv', rowCount: 4, missing: [] });
    expect(uploaded.body.mapping.slice(0, 6)).toEqual(['siteName', 'country', 'addressLine1', 'city', 'state', 'postalCode']);
    const id = uploaded.body.id;

    const previewed = await json(await beta.request('PUT', `/api/siteImports/${id}/mapping`, { mapping: uploaded.body.mapping }));
    expect(previewed.status).toBe(200);
    expect(previewed.body.counts).toMatchObject({ ready: 2, refused: 2 });
    const sitesAfterPreview = await t.db
      .selectFrom('sites')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(sitesAfterPreview.n)).toBe(Number(sitesBefore.n));

    const refused = await json(
      await beta.request('GET', `/api/siteImports/${id}/rows?filter=errors`, undefined, { 'Accept-Language': 'es' }),
    );
    expect(refused.body.total).toBe(2);
    expect(refused.body.rows[0].errors.device1TransmitterCode).toMatch(/fila 3/);
    expect(Object.keys(refused.body.rows[1].errors).sort()).toEqual(['postalCode', 'siteName']);

    // Fix the last row in place, leave the duplicate out.
    const fixed = await json(
      await beta.request('PUT', `/api/siteImports/${id}/rows/5`, {
        values: { ...refused.body.rows[1].values, siteName: 'Fixed Residence', postalCode: '60201' },
      }),
    );
    expect(fixed.body).toMatchObject({ status: 'ready', errors: {} });
    const skipped = await json(await beta.request('POST', `/api/siteImports/${id}/rows/4/skip`, { skipped: true }));
    expect(skipped.body.status).toBe('skipped');

    const started = await json(await beta.request('POST', `/api/siteImports/${id}/start`));
    expect(started.status).toBe(202);
    const done = await waitFor(beta, id, ['done']);
    expect(done.counts).toMatchObject({ created: 3, skipped: 1, refused: 0 });
    const created = await t.db
      .selectFrom('site_import_rows')
      .innerJoin('sites', 'sites.site_num', 'site_import_rows.site_num')
      .select(['sites.site_num', 'sites.status', 'sites.site_group_num', 'sites.postal_code', 'sites.phone_number'])
      .where('import_id', '=', id)
      .execute();
    expect(created).toHaveLength(3);
    for (const site of created) expect(site).toMatchObject({ status: 'pending', site_group_num: 9993 });
    expect(created.map((s) => s.postal_code).sort()).toEqual(['02101', '02101', '60201']);
    expect((await auditsOf(t.db, 'site.created')).filter((a) => (a.details as { importId?: number }).importId === id)).toHaveLength(3);
    expect((await auditsOf(t.db, 'siteImport.finished')).map((a) => a.target_id)).toContain(String(id));

    // The result file: every row, its status and error column; a cell that begins with = is neutralised.
    const result = await beta.request('GET', `/api/siteImports/${id}/result?format=csv`);
    expect(result.status).toBe(200);
    const text = await result.text();
    expect(text.split(/\r?\n/).filter(Boolean).length).toBeGreaterThanOrEqual(5);
    const xlsx = await beta.request('GET', `/api/siteImports/${id}/result?format=xlsx`);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');

    // The same file again: the first import's accounts are duplicates, row by row.
    const again = await upload(beta, file);
    const againPreview = await json(
      await beta.request('PUT', `/api/siteImports/${again.body.id}/mapping`, { mapping: again.body.mapping }),
    );
    expect(againPreview.body.counts).toMatchObject({ ready: 0, warning: 0, refused: 4 });
    const againRows = await json(await beta.request('GET', `/api/siteImports/${again.body.id}/rows?filter=errors`));
    expect(againRows.body.rows[0].errors.device1TransmitterCode).toMatch(/already used by your account/);

    // Undo: a changed account is kept and named, the others removed.
    const [changed] = created;
    await t.db.updateTable('sites').set({ status: 'active' }).where('site_num', '=', changed.site_num).execute();
    const undone = await json(await beta.request('POST', `/api/siteImports/${id}/undo`));
    expect(undone.status).toBe(200);
    expect(undone.body.removed).toHaveLength(2);
    expect(undone.body.kept).toEqual([{ siteNum: changed.site_num, rowNum: expect.any(Number), reason: 'No longer pending' }]);
    const left = await t.db
      .selectFrom('sites')
      .select('site_num')
      .where(
        'site_num',
        'in',
        created.map((s) => s.site_num),
      )
      .execute();
    expect(left.map((s) => s.site_num)).toEqual([changed.site_num]);
    expect((await json(await beta.request('POST', `/api/siteImports/${id}/undo`))).status).toBe(409);
  });

  it('answers every bad file with a 4xx and a message that says what to do', async () => {
    const refusals: [Uint8Array, string, number, RegExp][] = [
      [Buffer.alloc(0), 'empty.csv', 400, /empty/],
      [Buffer.from('%PDF-1.7 junk'), 'accounts.csv', 400, /not a CSV or Excel/],
      [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3, 4]), 'old.xls', 400, /\.xls/],
      [Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256)), 'junk.csv', 400, /not a CSV or Excel/],
      [Buffer.from('Okafor Residence,12 Elm Street,60201,C001234\n'), 'noheader.csv', 422, /no header row/],
      [Buffer.from('siteName,city\n'), 'header-only.csv', 422, /no accounts/],
      [Buffer.from('siteName,city\n"Okafor,Evanston\n'), 'quote.csv', 400, /line/],
      [Buffer.from(`siteName\n${'x\n'.repeat(100_000)}`), 'big.csv', 422, /more than 20000 accounts/],
    ];
    for (const [content, name, status, message] of refusals) {
      const answer = await upload(beta, content, name);
      expect([name, answer.status]).toEqual([name, status]);
      expect(answer.body.message).toMatch(message);
    }
    const tooLarge = await upload(beta, Buffer.alloc(50 * 1024 * 1024 + 10, 0x41), 'huge.csv');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toMatch(/50 MB/);
    const noFile = await json(await beta.requestForm('POST', '/api/siteImports', { sheet: 'x' }));
    expect(noFile.status).toBe(400);
  });

  it('reads XLSX: a chosen sheet, leading zeros, formula results, emoji and right-to-left text; merged cells refused', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Notes').addRow(['nothing here']);
    const sheet = workbook.addWorksheet('Accounts');
    sheet.addRow(HEADERS);
    const row = goodRow('Casa 😀 שלום');
    const added = sheet.addRow(row);
    added.getCell(7).value = 1234;
    added.getCell(7).numFmt = '00000000';
    added.getCell(6).value = { formula: '"0"&"2101"', result: '02101' };
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const first = await upload(beta, bytes, 'accounts.xlsx');
    expect(first.status).toBe(422); // the first sheet has no header row
    const uploaded = await upload(beta, bytes, 'accounts.xlsx', { sheet: 'Accounts' });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.sheets).toEqual(['Notes', 'Accounts']);
    const previewed = await json(
      await beta.request('PUT', `/api/siteImports/${uploaded.body.id}/mapping`, { mapping: uploaded.body.mapping }),
    );
    expect(previewed.body).toMatchObject({ counts: { refused: 0 } });
    const rows = await json(await beta.request('GET', `/api/siteImports/${uploaded.body.id}/rows`));
    expect(rows.body.rows[0].values).toMatchObject({ siteName: 'Casa 😀 שלום', device1TransmitterCode: '00001234', postalCode: '02101' });

    sheet.mergeCells('A2:B2');
    const merged = await upload(beta, Buffer.from(await workbook.xlsx.writeBuffer()), 'merged.xlsx', { sheet: 'Accounts' });
    expect(merged.status).toBe(422);
    expect(merged.body.message).toMatch(/merged cells \(A2:B2\)/);
  });

  it('reads CSV in UTF-16 and Windows-1252, with semicolons; names repeated headers', async () => {
    const text = csv([
      [...HEADERS, 'ZIP'],
      [...goodRow('Élodie Café'), ''],
    ]).replace(/,/g, ';');
    for (const encoding of ['utf16le', 'win1252']) {
      const uploaded = await upload(beta, iconv.encode(text, encoding, { addBOM: encoding === 'utf16le' }), 'accounts.csv');
      expect(uploaded.status).toBe(201);
      expect(uploaded.body.notices[0]).toMatch(/ZIP/);
      const previewed = await json(
        await beta.request('PUT', `/api/siteImports/${uploaded.body.id}/mapping`, { mapping: uploaded.body.mapping }),
      );
      expect(previewed.body.counts.ready).toBe(1);
      const rows = await json(await beta.request('GET', `/api/siteImports/${uploaded.body.id}/rows`));
      expect(rows.body.rows[0].values.siteName).toBe('Élodie Café');
      await beta.request('POST', `/api/siteImports/${uploaded.body.id}/cancel`);
    }
  });

  it('serves the template: every column, and an XLSX sheet that explains them in the language asked', async () => {
    const template = await beta.request('GET', '/api/siteImports/template?format=csv');
    expect((await template.text()).replace(/^\uFEFF/, '').trim()).toBe(templateColumns().join(','));
    const xlsx = await beta.request('GET', '/api/siteImports/template?format=xlsx', undefined, { 'Accept-Language': 'fr' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await xlsx.arrayBuffer()) as never);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Comptes', 'Colonnes']);
    expect(workbook.worksheets[1].getRow(2).getCell(2).value).toBe('Nom du compte');
  });

  it('imports while another user keeps asking for pages: every account created once and found by the search', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => goodRow(`Busy Hour ${i}`));
    const uploaded = await upload(beta, Buffer.from(csv([HEADERS, ...rows])));
    const id = uploaded.body.id;
    await beta.request('PUT', `/api/siteImports/${id}/mapping`, { mapping: uploaded.body.mapping });
    // Another user, one request after another: on PGlite the connection is never quiet for long,
    // so after its first chunk the import goes one account at a time, its search rows apart.
    let asking = true;
    const other = (async () => {
      while (asking) expect((await summit.request('GET', '/api/sites')).status).toBe(200);
    })();
    try {
      expect((await beta.request('POST', `/api/siteImports/${id}/start`)).status).toBe(202);
      expect((await waitFor(beta, id, ['done'])).counts).toMatchObject({ created: 40 });
    } finally {
      asking = false;
      await other;
    }
    const created = await t.db
      .selectFrom('site_import_rows')
      .innerJoin('sites', 'sites.site_num', 'site_import_rows.site_num')
      .select(['sites.site_num', 'sites.site_name'])
      .where('import_id', '=', id)
      .execute();
    expect(created).toHaveLength(40);
    // None left waiting for its search rows, and the search indexes' pending lists merged at the end.
    expect(Number((await sql<{ n: string }>`select count(*) as n from site_search_stale`.execute(t.db)).rows[0].n)).toBe(0);
    expect(await pendingSearchPages(t.db)).toBe(0);
    for (const site of created.slice(-5)) {
      const found = await json(await beta.request('GET', `/api/sites?filter=${encodeURIComponent(JSON.stringify({ q: site.site_name }))}`));
      expect((found.body as { siteNum: number }[]).map((r) => r.siteNum)).toContain(site.site_num);
    }
  });

  it('tells its progress as it goes: rows processed, created and refused, a transmitter taken since the preview refused', async () => {
    const taken = code();
    const rows = [goodRow('Tally One'), goodRow('Tally Two', taken), goodRow('Tally Three')];
    const uploaded = await upload(beta, Buffer.from(csv([HEADERS, ...rows])));
    const id = uploaded.body.id;
    const previewed = await json(await beta.request('PUT', `/api/siteImports/${id}/mapping`, { mapping: uploaded.body.mapping }));
    expect(previewed.body.counts).toMatchObject({ ready: 3, refused: 0 });
    // Another account takes the second row's transmitter after the preview.
    const device = await t.db.selectFrom('devices').select(['dev_num', 'transmitter_code']).orderBy('dev_num').executeTakeFirstOrThrow();
    await t.db.updateTable('devices').set({ transmitter_code: taken }).where('dev_num', '=', device.dev_num).execute();
    const sent: SiteImportProgress[] = [];
    const spy = vi.spyOn(t.app.realtime, 'importProgress').mockImplementation(async (_userId, progress) => {
      if (progress.importId === id) sent.push(progress);
    });
    try {
      expect((await beta.request('POST', `/api/siteImports/${id}/start`)).status).toBe(202);
      expect((await waitFor(beta, id, ['done'])).counts).toMatchObject({ created: 2, refused: 1 });
    } finally {
      spy.mockRestore();
      await t.db.updateTable('devices').set({ transmitter_code: device.transmitter_code }).where('dev_num', '=', device.dev_num).execute();
    }
    // PostgreSQL's job tells after every chunk, PGlite's once a second: the running messages agree with what was made.
    const running = sent.filter((p) => p.status === 'running');
    if (database.name === 'postgres') expect(running.length).toBeGreaterThan(0);
    for (const p of running) {
      expect(p.total).toBe(3);
      expect(p.created + p.refused).toBe(p.processed);
    }
    expect(running.at(-1) ?? sent.at(-1)).toMatchObject({ processed: 3, created: 2, refused: 1 });
    expect(sent.at(-1)).toEqual({ importId: id, status: 'done', processed: 3, total: 3, created: 2, refused: 1, progress: 100 });
  });

  it("refuses a user without the create flag, and another user's import", async () => {
    expect((await summit.request('GET', '/api/siteImports')).status).toBe(403);
    expect(
      (await summit.requestForm('POST', '/api/siteImports', {}, [{ name: 'a.csv', content: Buffer.from('siteName\nx\n') }])).status,
    ).toBe(403);
    const mine = await upload(beta, Buffer.from(csv([HEADERS, goodRow('Mine')])));
    const other = await t.db.selectFrom('users').select('user_id').where('username', '=', 'dealer.summit').executeTakeFirstOrThrow();
    await t.db.updateTable('site_imports').set({ user_id: other.user_id }).where('import_id', '=', mine.body.id).execute();
    expect((await beta.request('GET', `/api/siteImports/${mine.body.id}`)).status).toBe(404);
  });
});
