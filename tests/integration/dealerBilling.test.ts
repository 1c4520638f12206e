import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DealerInvoice, DealerInvoiceDetail } from '../../schemas/dealerInvoices.js';
import { DEMO_DEALER_INVOICE_MONTHS, DEMO_STATION } from '../../src/server/db/seed/dealerBillingSeed.js';
import { json, signedInClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { auditsOf, demoSuite } from './fixtures.js';

/**
 * Billing for dealers: /api/invoices, the station's monthly invoices of the selected
 * account group. billingRead is needed (dealer.summit has no role: 403), the routes are the
 * dealer's (customers 403), a dealer sees its current group's invoices only (after switching,
 * the other group's; the first group's invoice then answers 404), one invoice carries what each
 * account was billed for, the PDF is a PDF and the CSV and Excel exports carry the lines; the
 * downloads are audited.
 */
const filterQuery = (filter: object, range = '[0,99]') => `filter=${encodeURIComponent(JSON.stringify(filter))}&range=${range}`;

describe.each(TEST_DATABASES)('dealer billing on $name', (database) => {
  const { t, beta } = demoSuite(database, { beta: 'dealer.beta' });

  const audits = (action: string) => auditsOf(t.db, action);

  beforeAll(async () => {
    expect((await beta.request('PUT', '/api/user/accountGroup', { siteGroupNum: 9993 })).status).toBe(200);
  });

  it('needs billingRead and a dealer: dealer.summit and customers get 403, no session 401', async () => {
    const summit = await signedInClient(t.origin, 'dealer.summit');
    const customer = await signedInClient(t.origin, 'customer@example.com');
    const [first] = (await json(await beta.request('GET', '/api/invoices?range=[0,0]'))).body as DealerInvoice[];
    for (const path of ['/api/invoices', `/api/invoices/${first.id}`, `/api/invoices/${first.id}/pdf`, '/api/invoices/export?format=csv']) {
      expect((await summit.request('GET', path)).status, `dealer.summit ${path}`).toBe(403);
      expect((await customer.request('GET', path)).status, `customer ${path}`).toBe(403);
    }
    expect((await fetch(`${t.origin}/api/invoices`)).status).toBe(401);
  });

  it("lists the current group's months, newest first, with totals per service and Content-Range", async () => {
    const response = await beta.request('GET', '/api/invoices?range=[0,4]');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBe(`invoices 0-4/${DEMO_DEALER_INVOICE_MONTHS}`);
    const rows = (await response.json()) as DealerInvoice[];
    expect(rows.every((r) => r.siteGroupNum === 9993)).toBe(true);
    const months = rows.map((r) => r.month);
    expect(months).toEqual([...months].sort().reverse());
    expect(months[0]).toBe(new Date().toISOString().slice(0, 7));
    for (const row of rows) {
      expect(row.services.reduce((sum, s) => sum + s.amountCents, 0)).toBe(row.totalCents);
      expect(row.accountCount).toBeGreaterThan(50);
    }
    expect(rows[0].status).toBe('open');
    expect(rows.slice(1).every((r) => r.status === 'paid' && r.balanceCents === 0)).toBe(true);
    // The answering service is the group's own line (9993 has it).
    expect(rows[0].services.map((s) => s.service)).toContain('answeringService');

    const paid = (await json(await beta.request('GET', `/api/invoices?${filterQuery({ status: 'paid' })}`))).body as DealerInvoice[];
    expect(paid).toHaveLength(DEMO_DEALER_INVOICE_MONTHS - 1);
    expect((await beta.request('GET', `/api/invoices?${filterQuery({ status: 'late' })}`)).status).toBe(400);
  });

  it('shows one invoice with what each account was billed for', async () => {
    const [first] = (await json(await beta.request('GET', '/api/invoices?range=[0,0]'))).body as DealerInvoice[];
    const { status, body } = await json(await beta.request('GET', `/api/invoices/${first.id}`));
    expect(status).toBe(200);
    const detail = body as DealerInvoiceDetail;
    expect(detail.issuer.name).toBe(DEMO_STATION.name);
    expect(detail.dealerName).toBe('Northwind Security');
    expect(detail.accounts.filter((a) => a.siteNum !== null)).toHaveLength(first.accountCount);
    expect(detail.accounts.at(-1)?.siteNum).toBeNull();
    expect(detail.accounts.reduce((sum, a) => sum + a.totalCents, 0)).toBe(first.totalCents);
    for (const account of detail.accounts) {
      expect(account.totalCents).toBe(account.lines.reduce((sum, l) => sum + l.amountCents, 0));
      for (const line of account.lines) expect(line.amountCents).toBe(line.quantity * line.unitCents);
    }
    const monitored = detail.accounts.filter((a) => a.lines.some((l) => l.service.startsWith('monitoring')));
    expect(monitored).toHaveLength(first.accountCount);
  });

  it("sees only the current group's invoices: after switching, the other group's, and the first group's answer 404", async () => {
    const client = await signedInClient(t.origin, 'dealer.beta');
    expect((await client.request('PUT', '/api/user/accountGroup', { siteGroupNum: 9993 })).status).toBe(200);
    const ours = (await json(await client.request('GET', '/api/invoices'))).body as DealerInvoice[];
    expect(ours.every((r) => r.siteGroupNum === 9993)).toBe(true);
    expect((await client.request('PUT', '/api/user/accountGroup', { siteGroupNum: 4120 })).status).toBe(200);
    const theirs = (await json(await client.request('GET', '/api/invoices'))).body as DealerInvoice[];
    expect(theirs).toHaveLength(DEMO_DEALER_INVOICE_MONTHS);
    expect(theirs.every((r) => r.siteGroupNum === 4120)).toBe(true);
    // 4120 has last month's unpaid: overdue; and no answering service.
    expect(theirs[1].status).toBe('overdue');
    expect(theirs[1].balanceCents).toBe(theirs[1].totalCents);
    expect(theirs.some((r) => r.services.some((s) => s.service === 'answeringService'))).toBe(false);
    for (const path of [
      `/api/invoices/${ours[0].id}`,
      `/api/invoices/${ours[0].id}/pdf`,
      `/api/invoices/export?format=csv&id=${ours[0].id}`,
    ])
      expect((await client.request('GET', path)).status, path).toBe(404);
    // getMany by ids keeps the current group's only.
    const many = (await json(await client.request('GET', `/api/invoices?${filterQuery({ id: [ours[0].id, theirs[0].id] })}`)))
      .body as DealerInvoice[];
    expect(many.map((r) => r.id)).toEqual([theirs[0].id]);
    // The selected group is the user's (every session of dealer.beta): back to 9993 for the other tests.
    expect((await client.request('PUT', '/api/user/accountGroup', { siteGroupNum: 9993 })).status).toBe(200);
  });

  it('downloads the PDF (audited), in the language of Accept-Language', async () => {
    const [first] = (await json(await beta.request('GET', '/api/invoices?range=[0,0]'))).body as DealerInvoice[];
    const before = (await audits('dealerInvoice.downloaded')).length;
    const response = await beta.request('GET', `/api/invoices/${first.id}/pdf`, undefined, { 'Accept-Language': 'es' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain(`station-invoice-${first.number}.pdf`);
    const bytes = await response.arrayBuffer();
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(bytes) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain(first.number);
    expect(text).toContain(DEMO_STATION.name);
    expect(text).toContain('Northwind Security');
    expect(text).toMatch(/FACTURA/);
    const after = await audits('dealerInvoice.downloaded');
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.target_id).toBe(String(first.id));
  });

  it('exports the lines as CSV and Excel (audited)', async () => {
    const invoices = (await json(await beta.request('GET', '/api/invoices'))).body as DealerInvoice[];
    const csvResponse = await beta.request('GET', '/api/invoices/export?format=csv');
    expect(csvResponse.status).toBe(200);
    expect(csvResponse.headers.get('content-type')).toContain('text/csv');
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csvResponse.arrayBuffer());
    expect(csv.startsWith('\uFEFFInvoice,Month,Account,')).toBe(true);
    const lines = csv.trim().split('\n');
    const months = new Set(lines.slice(1).map((l) => l.split(',')[1]));
    expect(months.size).toBe(DEMO_DEALER_INVOICE_MONTHS);
    expect(csv).toContain('Answering service');
    // The lines add up to the invoices' totals.
    const amount = lines.slice(1).reduce((sum, l) => sum + Math.round(Number(l.split(',').at(-2)) * 100), 0);
    expect(amount).toBe(invoices.reduce((sum, i) => sum + i.totalCents, 0));

    const one = await beta.request('GET', `/api/invoices/export?format=csv&id=${invoices[0].id}`);
    expect(
      new Set(
        (await one.text())
          .trim()
          .split('\n')
          .slice(1)
          .map((l) => l.split(',')[0]),
      ),
    ).toEqual(new Set([invoices[0].number]));

    const xlsxResponse = await beta.request('GET', '/api/invoices/export?format=xlsx', undefined, { 'Accept-Language': 'fr' });
    expect(xlsxResponse.status).toBe(200);
    expect(xlsxResponse.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsxResponse.arrayBuffer());
    const [summary, detail] = workbook.worksheets;
    expect(summary.rowCount).toBe(DEMO_DEALER_INVOICE_MONTHS + 1);
    expect(summary.getRow(2).getCell(1).value).toBe(invoices[0].number);
    expect(summary.getRow(2).getCell(6).value).toBe(invoices[0].totalCents / 100);
    expect(detail.rowCount).toBe(lines.length);
    expect(String(summary.getRow(1).getCell(1).value)).toBe('Facture');

    expect((await beta.request('GET', '/api/invoices/export?format=pdf')).status).toBe(400);
    const exported = await audits('dealerInvoices.exported');
    expect(exported.length).toBeGreaterThanOrEqual(3);
  });
});
