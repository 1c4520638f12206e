import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BillingSummary, Invoice } from '../../schemas/invoices.js';
import { utcDay } from '../../src/common/billing.js';
import { DEMO_INVOICE_MONTHS } from '../../src/server/db/seed/invoicesSeed.js';
import { json, signedInClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite } from './fixtures.js';

/**
 * Billing for customers: /api/msa/invoices, one invoice, its PDF and the summary.
 * A customer reaches the invoices of their linked accounts only (another account's answers 404 by
 * id and by filter, as a missing one does); billingRead is needed (customer.basic has no role);
 * the routes are the customer's (a dealer with billingRead gets 403: its billing is dealerBilling.test.ts's);
 * the PDF is a PDF in the request's language and its download is audited.
 */
const filterQuery = (filter: object, range = '[0,99]') => `filter=${encodeURIComponent(JSON.stringify(filter))}&range=${range}`;

describe.each(TEST_DATABASES)('customer billing on $name', (database) => {
  const { t, customer } = demoSuite(database, { customer: 'customer@example.com' });
  let customerId: number;
  let linked: { site_num: number; is_default: boolean }[];
  /** A site of the same dealer with invoices, not linked to the customer. */
  let foreignSite: number;
  let foreignInvoice: number;

  const pdfText = async (bytes: ArrayBuffer) => {
    const parser = new PDFParse({ data: new Uint8Array(bytes) });
    try {
      return (await parser.getText()).text;
    } finally {
      await parser.destroy();
    }
  };

  beforeAll(async () => {
    customerId = (await t.db.selectFrom('users').select('user_id').where('username', '=', 'customer@example.com').executeTakeFirstOrThrow())
      .user_id;
    linked = await t.db
      .selectFrom('msa_account_links')
      .select(['site_num', 'is_default'])
      .where('user_id', '=', customerId)
      .orderBy('is_default', 'desc')
      .execute();
    const other = await t.db
      .selectFrom('invoices')
      .select(['site_num', 'invoice_id'])
      .where('site_group_num', '=', 9993)
      .where(
        'site_num',
        'not in',
        linked.map((l) => l.site_num),
      )
      .orderBy('invoice_id')
      .limit(1)
      .executeTakeFirstOrThrow();
    foreignSite = other.site_num;
    foreignInvoice = other.invoice_id;
  });

  it('lists the default linked account by default, newest first, with Content-Range', async () => {
    expect(linked).toHaveLength(2);
    const response = await customer.request('GET', '/api/msa/invoices?range=[0,4]');
    const { status, body } = await json(response);
    expect(status).toBe(200);
    expect(response.headers.get('content-range')).toBe(`invoices 0-4/${DEMO_INVOICE_MONTHS}`);
    const rows = body as Invoice[];
    expect(rows.every((r) => r.siteNum === linked[0].site_num)).toBe(true);
    expect(rows[0].siteName).toBe('Carter Residence');
    const issued = rows.map((r) => r.issuedOn);
    expect(issued).toEqual([...issued].sort().reverse());
    // Each line's amount is its quantity times its unit; the total is the lines'.
    for (const row of rows) {
      for (const line of row.lines) expect(line.amountCents).toBe(line.quantity * line.unitCents);
      expect(row.totalCents).toBe(row.lines.reduce((sum, l) => sum + l.amountCents, 0));
      expect(row.balanceCents).toBe(row.status === 'open' || row.status === 'overdue' ? row.totalCents - row.paidCents : 0);
    }
  });

  it('lists each linked account by filter, and filters by status (overdue: open and past due)', async () => {
    const second = await json(await customer.request('GET', `/api/msa/invoices?${filterQuery({ siteNum: linked[1].site_num })}`));
    expect(second.status).toBe(200);
    expect(second.body).toHaveLength(DEMO_INVOICE_MONTHS);
    expect((second.body as Invoice[]).every((r) => r.siteName === 'Carter Lake House')).toBe(true);

    const today = utcDay(new Date());
    const all = (await json(await customer.request('GET', `/api/msa/invoices?${filterQuery({ siteNum: linked[0].site_num })}`)))
      .body as Invoice[];
    expect(new Set(all.map((r) => r.status))).toEqual(new Set(['open', 'overdue', 'paid', 'void']));
    for (const status of ['open', 'overdue', 'paid', 'void'] as const) {
      const { body } = await json(
        await customer.request('GET', `/api/msa/invoices?${filterQuery({ siteNum: linked[0].site_num, status })}`),
      );
      expect((body as Invoice[]).map((r) => r.id).sort()).toEqual(
        all
          .filter((r) => r.status === status)
          .map((r) => r.id)
          .sort(),
      );
    }
    for (const overdue of all.filter((r) => r.status === 'overdue')) expect(overdue.dueOn < today).toBe(true);
    for (const open of all.filter((r) => r.status === 'open')) expect(open.dueOn >= today).toBe(true);

    const sorted = (
      await json(await customer.request('GET', `/api/msa/invoices?sort=${encodeURIComponent('["dueOn","ASC"]')}&range=[0,2]`))
    ).body as Invoice[];
    expect(sorted.map((r) => r.dueOn)).toEqual([...sorted.map((r) => r.dueOn)].sort());
    expect((await customer.request('GET', `/api/msa/invoices?${filterQuery({ status: 'late' })}`)).status).toBe(400);
    expect((await customer.request('GET', `/api/msa/invoices?sort=${encodeURIComponent('["site_num","ASC"]')}`)).status).toBe(400);
  });

  it("never serves another account's invoices: 404 by filter, by id, for the PDF and the summary", async () => {
    expect((await customer.request('GET', `/api/msa/invoices?${filterQuery({ siteNum: foreignSite })}`)).status).toBe(404);
    expect((await customer.request('GET', `/api/msa/invoices/${foreignInvoice}`)).status).toBe(404);
    expect((await customer.request('GET', `/api/msa/invoices/${foreignInvoice}/pdf`)).status).toBe(404);
    expect((await customer.request('GET', `/api/msa/billing/summary?siteNum=${foreignSite}`)).status).toBe(404);
    // getMany by ids keeps only the reachable ones.
    const own = (await json(await customer.request('GET', '/api/msa/invoices?range=[0,0]'))).body[0] as Invoice;
    const many = await json(await customer.request('GET', `/api/msa/invoices?${filterQuery({ id: [own.id, foreignInvoice] })}`));
    expect((many.body as Invoice[]).map((r) => r.id)).toEqual([own.id]);
    // A missing invoice answers the same.
    expect((await customer.request('GET', '/api/msa/invoices/2147483000')).status).toBe(404);
  });

  it('shows one invoice with its lines', async () => {
    const [first] = (await json(await customer.request('GET', '/api/msa/invoices?range=[0,0]'))).body as Invoice[];
    const one = await json(await customer.request('GET', `/api/msa/invoices/${first.id}`));
    expect(one.status).toBe(200);
    expect(one.body).toEqual(first);
    expect(one.body.lines.length).toBeGreaterThan(0);
  });

  it('sums up an account: balance, past due, next due and whom to pay (the dealer)', async () => {
    const all = (await json(await customer.request('GET', `/api/msa/invoices?${filterQuery({ siteNum: linked[0].site_num })}`)))
      .body as Invoice[];
    const { status, body } = await json(await customer.request('GET', '/api/msa/billing/summary'));
    expect(status).toBe(200);
    const summary = body as BillingSummary;
    expect(summary.siteNum).toBe(linked[0].site_num);
    expect(summary.balanceCents).toBe(all.reduce((sum, r) => sum + r.balanceCents, 0));
    expect(summary.overdueCents).toBe(all.filter((r) => r.status === 'overdue').reduce((sum, r) => sum + r.balanceCents, 0));
    expect(summary.overdueCount).toBe(all.filter((r) => r.status === 'overdue').length);
    expect(summary.openCount).toBe(all.filter((r) => r.status === 'open').length);
    expect(summary.nextDue?.status).toBe('overdue');
    expect(summary.lastPayment?.amountCents).toBeGreaterThan(0);
    expect(summary.payee).toEqual({
      name: 'Northwind Security',
      dealerNumber: '9993',
      phone: '+13125550110',
      email: 'billing@northwind.example.com',
    });
    const lake = await json(await customer.request('GET', `/api/msa/billing/summary?siteNum=${linked[1].site_num}`));
    expect(lake.body.siteName).toBe('Carter Lake House');
    expect(lake.body.overdueCount).toBe(0);
  });

  it('gives the PDF of an invoice in the request language, and audits the download', async () => {
    const [invoice] = (await json(await customer.request('GET', `/api/msa/invoices?${filterQuery({ status: 'overdue' }, '[0,0]')}`)))
      .body as Invoice[];
    for (const [language, words] of [
      ['en', ['INVOICE', 'Service period', 'Balance due', 'Northwind Security']],
      ['es', ['FACTURA', 'Periodo de servicio', 'Saldo pendiente', 'Northwind Security']],
    ] as const) {
      const response = await customer.request('GET', `/api/msa/invoices/${invoice.id}/pdf`, undefined, { 'Accept-Language': language });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${invoice.number}.pdf"`);
      const bytes = await response.arrayBuffer();
      expect(Buffer.from(bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = await pdfText(bytes);
      for (const word of words) expect(text).toContain(word);
      expect(text).toContain(invoice.number);
    }
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'target_type', 'target_id', 'details'])
      .where('action', '=', 'invoice.downloaded')
      .execute();
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({ actor_user_id: customerId, target_type: 'invoice', target_id: String(invoice.id) });
    expect(audits[0].details).toMatchObject({ siteNum: invoice.siteNum, number: invoice.number });
  });

  it('needs billingRead, and is the customers’: 403 for a customer without the role and for dealers', async () => {
    const basic = await signedInClient(t.origin, 'customer.basic@example.com');
    const beta = await signedInClient(t.origin, 'dealer.beta');
    const paths = [
      '/api/msa/invoices',
      `/api/msa/invoices/${foreignInvoice}`,
      `/api/msa/invoices/${foreignInvoice}/pdf`,
      '/api/msa/billing/summary',
    ];
    for (const client of [basic, beta]) for (const path of paths) expect((await client.request('GET', path)).status, path).toBe(403);
    expect((await fetch(`${t.origin}/api/msa/invoices`)).status).toBe(401);
  });
});
