import { expect, test, type Page } from './fixtures.js';
import { checkA11y } from './a11y.js';
import { customerPage, signIn } from './signIn.js';

/**
 * Billing for customers in Chromium: customer@example.com opens /billing from the
 * drawer, sees the balance, whom to pay (the dealer) and the invoices with their status, filters
 * them, switches account, and downloads an invoice's PDF through the app (the file's first bytes
 * are checked); on a desktop in English and on a 390×844 phone in Spanish (cards instead of a
 * table). Dealers get the station's invoices instead. Screenshots: test-results/billing-*.png.
 */

/** Clicks a download button and answers the saved file's name and first bytes. */
async function download(page: Page, button: ReturnType<Page['getByRole']>) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of (await file.createReadStream())!) chunks.push(chunk as Buffer);
  return { name: file.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

test('customer@example.com sees billing on a desktop in English, filters, switches account and downloads a PDF', async ({ browser }) => {
  const page = await customerPage(browser, { width: 1440, height: 900 });
  await page.goto('/msa/summary');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('menuitem', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();

  // The balance (Carter Residence has last month's invoice overdue) and whom to pay.
  await expect(page.getByTestId('billing-balance')).toHaveText(/^\$\d+\.\d\d$/);
  await expect(page.getByText(/past due$/)).toBeVisible();
  const payee = page.getByTestId('billing-payee');
  await expect(payee).toContainText('Payments go to your alarm dealer, Northwind Security');
  await expect(payee.getByRole('link', { name: 'Call Northwind Security at (312) 555-0110' })).toHaveAttribute('href', 'tel:+13125550110');
  await expect(payee.getByRole('link', { name: /^Email Northwind Security/ })).toHaveAttribute(
    'href',
    'mailto:billing@northwind.example.com',
  );

  // The table: a year of invoices, newest first, each with its status and PDF.
  const table = page.getByRole('table', { name: 'Invoices of Carter Residence' });
  await expect(table.getByTestId('invoice-row')).toHaveCount(12);
  await expect(page.getByText('12 of 12')).toBeVisible();
  await expect(table.getByTestId('invoice-row').first().locator('[data-status]')).toHaveText('Open');
  for (const status of ['Overdue', 'Paid', 'Void']) await expect(table.getByText(status, { exact: true }).first()).toBeVisible();
  await checkA11y(page, 'billing', 'desktop-en');

  // Overdue only: the late invoice, with its days late.
  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Overdue' }).click();
  await expect(page).toHaveURL(/status=overdue/);
  await expect(table.getByTestId('invoice-row')).toHaveCount(1);
  await expect(table.getByTestId('invoice-row')).toContainText(/days? late/);

  // Its PDF, fetched through the app and saved under the server's name.
  const number = (await table.getByTestId('invoice-number').innerText()).trim();
  const pdf = await download(page, table.getByRole('button', { name: `Download invoice ${number} as PDF` }));
  expect(pdf.name).toBe(`invoice-${number}.pdf`);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Void: none on the lake house; the empty state offers all invoices again.
  await page.getByRole('combobox', { name: 'Billed account' }).click();
  await page.getByRole('option', { name: /^Carter Lake House/ }).click();
  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Void' }).click();
  await expect(page.getByTestId('billing-empty')).toContainText('No invoices with the status Void.');
  await page.getByRole('button', { name: 'Show all invoices' }).click();
  await expect(page.getByRole('table', { name: 'Invoices of Carter Lake House' }).getByTestId('invoice-row')).toHaveCount(12);
  await page.context().close();
});

test('customer@example.com sees billing as cards on a phone in Spanish and downloads a PDF', async ({ browser }) => {
  const page = await customerPage(browser, { width: 390, height: 844 }, { locale: 'es' });
  await page.goto('/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Facturación' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'A quién pagar' })).toBeVisible();
  await expect(page.getByTestId('billing-payee')).toContainText('Los pagos se hacen a su proveedor de alarmas, Northwind Security');
  // Cards, not a table, and nothing wider than the phone.
  await expect(page.getByRole('table')).toHaveCount(0);
  const cards = page.getByRole('list', { name: 'Facturas de Carter Residence' }).getByTestId('invoice-card');
  await expect(cards).toHaveCount(12);
  await expect(cards.first().locator('[data-status]')).toHaveText('Pendiente');
  await expect(page.getByText('Vencida', { exact: true }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await checkA11y(page, 'billing', 'phone-es');

  const first = cards.first();
  const number = (await first.getByRole('heading').innerText()).trim();
  const pdf = await download(page, first.getByRole('button', { name: `Descargar la factura ${number} en PDF` }));
  expect(pdf.name).toBe(`invoice-${number}.pdf`);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await page.context().close();
});

test("a phone in English shows the cards; a dealer gets the station's invoices instead", async ({ browser, page }) => {
  const phone = await customerPage(browser, { width: 390, height: 844 });
  await phone.goto('/billing');
  await expect(phone.getByRole('list', { name: 'Invoices of Carter Residence' }).getByTestId('invoice-card')).toHaveCount(12);
  await expect(phone.getByRole('button', { name: /^Download invoice INV-.* as PDF$/ }).first()).toHaveText('Download PDF');
  await checkA11y(phone, 'billing', 'phone-en');
  await phone.context().close();

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'dealer.beta');
  await page.goto('/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(page.getByText('This area is coming soon.')).toHaveCount(0);
  await expect(page.getByText('Invoices by month').first()).toBeVisible();
});
