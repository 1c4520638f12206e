import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures.js';
import { XSRF } from '../../src/common/constants.js';
import { checkA11y } from './a11y.js';
import { customerPage, signIn } from './signIn.js';

/**
 * Staff's audit log and inboxes in Chromium: support.admin handles a contact-us
 * message (/contact-requests), then finds that change in the audit log (/audit-log), opens it
 * (before and after as a table), exports the filtered CSV; dealer.beta answers a customer's change
 * request (/change-requests) and the customer sees the answer. axe in light and dark on each
 * screen (screenshots in test-results/audit-*.png).
 */

/** A write through the page's session (cookies and the XSRF header, as the web app sends it). */
async function send(page: Page, method: 'POST' | 'PUT', url: string, data: unknown) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === XSRF.cookie)?.value ?? '';
  return page.request.fetch(url, { method, data, headers: { [XSRF.header]: xsrf } });
}

test('support.admin moves a contact-us message to in progress with an internal note', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'support.admin', { internal: true });
  await page.goto('/home/dashboard');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('menuitem', { name: 'Contact Requests' }).click();
  await expect(page).toHaveURL(/\/contact-requests$/);
  await expect(page.getByRole('heading', { name: 'Contact Requests', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Contact-us messages' });
  await expect(table).toContainText('Since this morning the call list');
  await checkA11y(page, 'audit', 'contact-requests', { fullPage: false });

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'New' }).click();
  await expect(table.getByText('Closed', { exact: true })).toHaveCount(0);
  const row = table.getByRole('row').filter({ hasText: 'Since this morning the call list' });
  const link = row.getByRole('link', { name: /^Open message CU-/ });
  const reference = (await link.innerText()).trim();
  await link.click();
  const drawer = page.getByRole('dialog', { name: `Message ${reference.replaceAll('-', '\u2011')}` });
  await expect(drawer.getByTestId('contact-request-message')).toContainText('Since this morning the call list');
  await drawer.getByRole('radio', { name: 'In progress' }).check();
  await drawer.getByRole('textbox', { name: 'Internal note' }).fill('Checked with the station: the change reached it.');
  await checkA11y(page, 'audit', 'contact-request', { fullPage: false });
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The message was updated.')).toBeVisible();
  await expect(drawer.getByText('Last changed by support.admin')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  // The list kept its filter: the message is no longer new.
  await expect(table.getByText(reference)).toHaveCount(0);
});

test('support.admin opens the audit log, filters it, opens an entry and exports the CSV', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'support.admin', { internal: true });
  // An audited change with a before and an after: the closed demo message opened again.
  const list = await page.request.get(`/api/contactRequests?filter=${encodeURIComponent('{"status":"closed"}')}`);
  const [closed] = (await list.json()) as { id: number; reference: string }[];
  expect((await send(page, 'PUT', `/api/contactRequests/${closed.id}`, { status: 'inProgress' })).status()).toBe(200);

  await page.goto('/home/dashboard');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('menuitem', { name: 'Audit Log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit entries' });
  await expect(table).toContainText('login.succeeded');
  await checkA11y(page, 'audit', 'list', { fullPage: false });

  await page.getByRole('combobox', { name: 'Action', exact: true }).fill('contactRequests.upd');
  await page.getByRole('textbox', { name: 'User', exact: true }).fill('support.adm');
  await expect(table.getByRole('row').nth(1)).toContainText('contactRequests.updated');
  await expect(table.getByText('login.succeeded')).toHaveCount(0);
  await expect(page).toHaveURL(/filter=/);

  await table
    .getByRole('link', { name: /^Open audit entry \d+$/ })
    .first()
    .click();
  const drawer = page.getByRole('dialog', { name: /^Audit entry #\d+$/ });
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText('support.admin');
  // The record by its name in the reader's language, its stored code beneath.
  await expect(drawer).toContainText(`Contact Us message ${closed.id}`);
  await expect(drawer).toContainText('contactRequest');
  const changes = drawer.getByRole('table', { name: 'Before and after' });
  const status = changes.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'status' }) });
  await expect(status).toContainText('closed');
  await expect(status).toContainText('inProgress');
  await expect(drawer.getByText('Other details')).toBeVisible();
  await expect(drawer).toContainText(closed.reference);
  await checkA11y(page, 'audit', 'entry', { fullPage: false });
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();

  // The record type filter offers the types by name and filters by their code.
  await page.getByRole('combobox', { name: 'Record type' }).click();
  await page.getByRole('option', { name: 'Contact Us message', exact: true }).click();
  await expect.poll(() => decodeURIComponent(page.url())).toContain('"targetType":"contactRequest"');
  await expect(table.getByRole('row').nth(1)).toContainText(`Contact Us message ${closed.id}`);

  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('href', /\/api\/auditLog\/export\?filter=/);
  const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{8}-\d{4}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = csv.trim().split('\n');
  expect(header).toBe(
    'Entry,Time (UTC),Action,Username,Name,Impersonated by (username),Impersonated by (name),Record type,Record,Address,Changes,Details (JSON)',
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row).toContain(',contactRequests.updated,support.admin,');
  expect(csv).toContain('status: closed → inProgress');
});

test('the audit log on a phone: cards, the search, and the entry full screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'support.admin', { internal: true });
  await page.goto('/audit-log');
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
  const cards = page.getByTestId('audit-card');
  await expect(cards.first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Search user, action, record, IP' }).fill('demo.seeded');
  await expect(cards).toHaveCount(1);
  await checkA11y(page, 'audit', 'phone', { fullPage: false });
  await cards.first().getByRole('link').click();
  await expect(page.getByRole('dialog', { name: /^Audit entry #\d+$/ })).toContainText('No signed-in user');
});

test('dealers and customers cannot open the audit log or the contact requests', async ({ page }) => {
  await signIn(page, 'dealer.beta');
  for (const path of ['/audit-log', '/contact-requests']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  }
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByText('Audit Log')).toHaveCount(0);
});

test("dealer.beta marks a customer's change request done; the customer sees the answer", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const customer = await customerPage(browser, { width: 1440, height: 900 });
  const requested = `E2E Willow Parkway ${Date.now() % 100_000}`;
  expect((await send(customer, 'POST', '/api/msa/changeRequests', { field: 'address', requestedValue: requested })).status()).toBe(201);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'dealer.beta');
  await page.goto('/home/dashboard');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('menuitem', { name: 'Change Requests' }).click();
  await expect(page.getByRole('heading', { name: 'Change Requests', level: 1 })).toBeVisible();
  const pending = page.getByTestId('pending-count');
  await expect(pending).toContainText(/\d+ requests? (is|are) waiting for you\./);
  const before = Number((await pending.innerText()).match(/\d+/)![0]);
  const table = page.getByRole('table', { name: 'Change requests' });
  await expect(table).toContainText(requested);
  await checkA11y(page, 'audit', 'change-requests', { fullPage: false });

  await table.getByRole('row').filter({ hasText: requested }).getByRole('button', { name: 'Mark done: Address, Carter Residence' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark the request done' });
  await expect(dialog).toContainText(requested);
  await dialog.getByRole('textbox', { name: 'Note for the customer (optional)' }).fill('Updated on the account.');
  await checkA11y(page, 'audit', 'change-request-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Mark done' }).click();
  await expect(page.getByText('Marked done. The customer sees it now.')).toBeVisible();
  await expect(table).not.toContainText(requested);
  await expect(pending).toContainText(before === 1 ? 'No request is waiting for you.' : `${before - 1} request`);

  await customer.goto('/msa/account-info');
  const item = customer.getByRole('listitem').filter({ hasText: `Address: ${requested}` });
  await expect(item).toContainText('Done');
  await expect(item).toContainText(/Done by your dealer on .*: Updated on the account\./);
});
