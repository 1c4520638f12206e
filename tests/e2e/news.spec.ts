import { expect, test, type Browser, type Page } from './fixtures.js';
import { XSRF } from '../../src/common/constants.js';
import { minimalPdf } from '../../src/server/http/pdf.js';
import { checkA11y } from './a11y.js';
import { signIn } from './signIn.js';

/**
 * SPEC §2 news and news setup in Chromium: support.admin creates, edits and
 * multi-deletes news with a PDF in the slide-over; dealer.beta reads it on
 * /news and downloads the PDF. Each screen is checked with axe-core in the
 * light and the dark theme and saved under test-results/news-*.png.
 */

/** A page of its own, 1440 × 900, signed in as `username`. */
async function pageAs(browser: Browser, username: string, internal = false) {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, username, { internal });
  return page;
}

/** A news item created through the API, as the browser's cookies allow. */
async function createThroughApi(page: Page, data: Record<string, unknown>) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === XSRF.cookie)?.value ?? '';
  const response = await page.request.post('/api/news', { data, headers: { [XSRF.header]: xsrf } });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number };
}

const stamp = Date.now().toString(36);
const TITLE = `Firmware ${stamp} release notes`;
const EDITED = `Firmware ${stamp} notes (updated)`;

test('support.admin creates, edits and multi-deletes news; dealer.beta reads it and downloads the PDF', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await pageAs(browser, 'support.admin', true);
  await admin.goto('/news/setup');
  const table = admin.locator('table#news-setup');
  await expect(table).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'News Setup', level: 1 })).toBeVisible();
  await expect(admin.getByPlaceholder('Search Title or Body')).toBeVisible();
  await expect(admin.getByLabel('Show Expired')).not.toBeChecked();
  // No export (SPEC §2).
  await expect(admin.getByRole('button', { name: 'Export' })).toHaveCount(0);
  // Columns exactly as the spec lists them.
  const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.trim()).filter(Boolean);
  expect(headers).toEqual(['Title', 'Body', 'Order', 'Start Date', 'End Date', 'Tags', 'Quick Actions']);
  await checkA11y(admin, 'news', 'setup');

  // Create, in the slide-over, opened by route: a reload keeps it open, Back closes it.
  await admin.getByRole('link', { name: 'Create', exact: true }).click();
  await expect(admin).toHaveURL(/\/news\/setup\/create$/);
  const drawer = admin.getByTestId('slide-over');
  await expect(drawer.getByRole('heading', { name: 'Create News' })).toBeVisible();
  await admin.reload();
  await expect(drawer.getByRole('heading', { name: 'Create News' })).toBeVisible();
  await admin.goBack();
  await expect(admin).toHaveURL(/\/news\/setup$/);
  await expect(drawer).toHaveCount(0);
  await admin.goForward();
  await expect(drawer.getByRole('heading', { name: 'Create News' })).toBeVisible();
  const create = drawer.getByRole('button', { name: 'Create', exact: true });
  await expect(create).toBeDisabled();
  await expect(drawer.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await drawer.getByLabel('Title').fill(TITLE);
  await drawer.getByLabel('Body').fill('The spring firmware is out. The release notes are attached.');
  // The live preview tile follows the form.
  await expect(drawer.getByTestId('news-preview')).toContainText(TITLE);
  await drawer.getByLabel('Start Date').fill('2030-02-01T10:00');
  await drawer.getByLabel('End Date').fill('2030-01-01T10:00');
  await expect(drawer.getByText('Start date cannot be after end date')).toBeVisible();
  await expect(create).toBeDisabled();
  await drawer.getByLabel('Start Date').fill('');
  await drawer.getByLabel('End Date').fill('');
  await drawer.getByLabel('Order').fill('1');
  await drawer.getByLabel('Icon').click();
  await admin.getByRole('option', { name: 'Exclamation Triangle' }).click();
  await drawer.getByLabel('Color').click();
  await admin.getByRole('option', { name: 'Yellow' }).click();
  await drawer.getByLabel('URL').fill('https://example.com/firmware');
  await drawer
    .getByTestId('news-document-file')
    .setInputFiles({ name: 'release-notes.pdf', mimeType: 'application/pdf', buffer: minimalPdf('Release notes') });
  await expect(drawer.getByTestId('news-document-name')).toHaveText('release-notes.pdf');
  await checkA11y(admin, 'news', 'create');
  await expect(create).toBeEnabled();
  await create.click();
  await expect(admin.getByText('News saved successfully')).toBeVisible();
  await expect(drawer).toHaveCount(0);

  // In the table, with its tag and quick actions.
  const row = table.locator('tbody tr', { hasText: TITLE });
  await expect(row).toHaveCount(1);
  await expect(row.locator('[data-tag]')).toHaveText('Active');
  await expect(row.locator('[data-tag]')).toHaveAttribute('data-tag', 'active');
  await expect(row.getByRole('link', { name: 'Download document' })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Open URL' })).toHaveAttribute('href', 'https://example.com/firmware');
  await expect(row.locator('td').nth(3)).toHaveText('1');
  await expect(row.locator('td').nth(4)).toHaveText('-');

  // Edit: Save stays disabled until something changes.
  await row.locator('td').nth(1).click();
  await expect(admin).toHaveURL(/\/news\/setup\/\d+$/);
  await expect(drawer.getByRole('heading', { name: 'Edit News' })).toBeVisible();
  const save = drawer.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await expect(drawer.getByRole('button', { name: 'Delete' })).toBeVisible();
  await expect(drawer.getByTestId('news-document-name')).toHaveText('release-notes.pdf');
  // Delete asks first; cancelling keeps the item.
  await drawer.getByRole('button', { name: 'Delete' }).click();
  const deleteOne = admin.getByRole('dialog', { name: 'Delete news' });
  await expect(deleteOne.getByText('Are you sure you want to delete this news item?')).toBeVisible();
  await deleteOne.getByRole('button', { name: 'Cancel' }).click();
  await expect(deleteOne).toHaveCount(0);
  // The item's own edit route (react-admin's links) opens the same slide-over, reload included.
  const editUrl = admin.url();
  await admin.goto(editUrl.replace('/news/setup/', '/news/'));
  await expect(admin).toHaveURL(editUrl);
  await expect(drawer.getByRole('heading', { name: 'Edit News' })).toBeVisible();
  await expect(save).toBeDisabled();
  await drawer.getByLabel('Title').fill(EDITED);
  await expect(save).toBeEnabled();
  await checkA11y(admin, 'news', 'edit');
  await save.click();
  await expect(admin.getByText('News saved successfully').first()).toBeVisible();
  await expect(table.locator('tbody tr', { hasText: EDITED })).toHaveCount(1);

  // dealer.beta sees it on /news and downloads the PDF.
  const dealer = await pageAs(browser, 'dealer.beta');
  await dealer.goto('/news');
  await expect(dealer.getByRole('heading', { name: 'News', level: 1 })).toBeVisible();
  const card = dealer.getByTestId('news-card').filter({ hasText: EDITED });
  await expect(card).toHaveCount(1);
  await expect(card.locator('[data-icon="exclamation-triangle"]')).toHaveAttribute('data-color', 'amber');
  await expect(card.getByRole('link', { name: 'Open link' })).toHaveAttribute('href', 'https://example.com/firmware');
  await checkA11y(dealer, 'news', 'page');
  const [download] = await Promise.all([dealer.waitForEvent('download'), card.getByRole('link', { name: 'Download document' }).click()]);
  await expect(dealer.getByText('Downloading file...')).toBeVisible();
  expect(download.suggestedFilename()).toBe('release-notes.pdf');
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
  // Users see the active items by order ascending: this one (order 1) comes before those without order.
  const titles = await dealer.getByTestId('news-card').locator('h2').allInnerTexts();
  expect(titles.indexOf(EDITED)).toBeGreaterThanOrEqual(0);

  // Multi-delete with the confirmation.
  await createThroughApi(admin, { title: `Firmware ${stamp} second`, body: 'Another one.' });
  await admin.getByPlaceholder('Search Title or Body').fill(`Firmware ${stamp}`);
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await table.locator('thead input[type="checkbox"]').check();
  await admin.getByRole('button', { name: 'Delete' }).click();
  const confirm = admin.getByRole('dialog');
  await expect(confirm.getByText('Are you sure you want to delete the selected news items?')).toBeVisible();
  await checkA11y(admin, 'news', 'delete');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText('News deleted successfully')).toBeVisible();
  await expect(table.locator('tbody tr', { hasText: `Firmware ${stamp}` })).toHaveCount(0);
});

test('setup shows the expired items only with Show Expired, and the Future tag in blue', async ({ browser }) => {
  const admin = await pageAs(browser, 'support.admin', true);
  await createThroughApi(admin, {
    title: `Expired ${stamp}`,
    body: 'Old.',
    effectiveDate: '2020-01-01T00:00:00Z',
    expirationDate: '2020-02-01T00:00:00Z',
  });
  await createThroughApi(admin, { title: `Future ${stamp}`, body: 'Soon.', effectiveDate: '2099-01-01T00:00:00Z', order: 7 });
  await admin.goto('/news/setup');
  const table = admin.locator('table#news-setup');
  await admin.getByPlaceholder('Search Title or Body').fill(stamp);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr').first().locator('[data-tag]')).toHaveText('Future');
  await admin.getByLabel('Show Expired').check();
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(table.locator('tbody tr', { hasText: `Expired ${stamp}` }).locator('[data-tag]')).toHaveText('Expired');
  // Default sort: order descending, items without order last.
  await expect(table.locator('tbody tr').first()).toContainText(`Future ${stamp}`);
  // The dealer never sees either.
  const dealer = await pageAs(browser, 'dealer.beta');
  await dealer.goto('/news');
  await expect(dealer.getByTestId('news-card').first()).toBeVisible();
  await expect(dealer.getByTestId('news-card').filter({ hasText: stamp })).toHaveCount(0);
});

test('deep links are served by the single-page app, and news setup is for application 1 only', async ({ browser, request }) => {
  const response = await request.get('/news/setup');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  const dealer = await pageAs(browser, 'dealer.beta');
  await dealer.goto('/news/setup');
  await expect(dealer.locator('table#news-setup')).toHaveCount(0);
  await expect(dealer.getByText(/not allowed|access denied|authorized/i).first()).toBeVisible();
});
