import { expect, test } from '@playwright/test';
import { signIn } from './signIn.js';

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.title.startsWith('deep links')) return;
  await signIn(page, 'support.admin', { internal: true });
});

test('the portal lists the demo news through react-admin', async ({ page }) => {
  await page.goto('/');
  // The only resource so far: the root opens its list, at a real path.
  await expect(page).toHaveURL(/\/news$/);
  // Active seeded items are listed; expired ones only with 'Show Expired'.
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const visible = await rows.count();
  await page.getByLabel('Show Expired').check();
  await expect.poll(() => rows.count()).toBeGreaterThan(visible);
  await page.screenshot({ path: 'test-results/news-list.png', fullPage: true });
});

test('search narrows the list', async ({ page }) => {
  await page.goto('/news');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  const firstTitle = (await page.locator('tbody tr td').nth(1).textContent()) ?? '';
  await page.getByPlaceholder('Search').fill(firstTitle.slice(0, 12));
  await expect(page.locator('tbody tr').first()).toContainText(firstTitle.slice(0, 12));
});

test('deep links are served by the single-page app', async ({ page, request }) => {
  // Signed out, a page of the app asks for the login first.
  await page.goto('/news');
  await expect(page).toHaveURL(/\/login$/);
  const response = await request.get('/some/deep/link');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  const api = await request.get('/api/unknown');
  expect(api.status()).toBe(404);
  await page.goto('/api/docs');
  await expect(page.getByText('Security-monitoring portal API').first()).toBeVisible();
});

test('the form shows the schema messages beside the inputs, then saves', async ({ page }) => {
  await page.goto('/news/create');
  await page.getByLabel('Title').fill('x'.repeat(129));
  await page.getByLabel('Body').fill('Body text');
  await page.getByLabel('Start Date').fill('2030-02-01T10:00');
  await page.getByLabel('End Date').fill('2030-01-01T10:00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Must be 128 characters or less')).toBeVisible();
  await expect(page.getByText('Start date cannot be after end date')).toBeVisible();

  await page.getByLabel('Title').fill('Written in the browser');
  await page.getByLabel('End Date').fill('2030-03-01T10:00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/news$/);
  await page.getByPlaceholder('Search').fill('Written in the browser');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr').first()).toContainText('Written in the browser');
});
