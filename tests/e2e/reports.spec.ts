import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from './fixtures.js';
import { checkA11y } from './a11y.js';
import { signIn } from './signIn.js';

/**
 * Reports in Chromium: dealer.beta opens /reports, runs Alarm activity as CSV from
 * the run slide-over, lands on the inbox and watches the run there (status chip and progress
 * bar, moved by the reports hub), gets the report notice, and downloads the file. Screenshots
 * of the checked screens go to test-results/reports-*.png (light and dark).
 */

const TERMINAL = /^done$/;

/** Runs Alarm activity as CSV from the catalogue; answers the inbox row of the new run. */
async function runAlarmActivity(page: Page, { a11y = false } = {}): Promise<Locator> {
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  const card = page.getByRole('article', { name: 'Alarm activity' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('listitem')).toHaveText(['CSV', 'Excel', 'PDF']);
  if (a11y) await checkA11y(page, 'reports', 'catalogue');

  await card.getByRole('button', { name: 'Run Alarm activity' }).click();
  await expect(page).toHaveURL(/\/reports\?run=alarmActivity$/);
  const drawer = page.getByRole('dialog', { name: 'Run Alarm activity' });
  await expect(drawer).toBeVisible();
  // The form drawn from the report's schema: the period, the kinds (all chosen), the accounts (none: all), the format.
  await expect(drawer.getByRole('combobox', { name: 'Period' })).toContainText('Last 7 days');
  await expect(drawer.getByRole('group', { name: 'Event kinds' }).getByRole('checkbox', { checked: true })).toHaveCount(6);
  await expect(drawer.getByRole('combobox', { name: 'Accounts' })).toBeVisible();
  if (a11y) await checkA11y(page, 'reports', 'run-form', { fullPage: false });
  // A custom period asks for its days, and a period of one's own choice is checked before it goes.
  await drawer.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Custom range' }).click();
  await expect(drawer.getByLabel('From')).toBeVisible();
  await drawer.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Last 7 days' }).click();
  await expect(drawer.getByLabel('From')).toHaveCount(0);
  await drawer.getByRole('radio', { name: 'CSV' }).check();

  const before = Date.now();
  await drawer.getByRole('button', { name: 'Run now' }).click();
  await expect(page).toHaveURL(/\/reports\/inbox$/);
  await expect(page.getByText('Alarm activity is being prepared.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reports Inbox', level: 1 })).toBeVisible();
  await expect(page.getByTestId('reports-retention')).toContainText('kept for 30 days');

  // The newest row is the run just requested (the list is newest first).
  const table = page.getByRole('table', { name: 'My reports' });
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText('Alarm activity');
  await expect(row).toContainText('Last 7 days · All event kinds · All accounts');
  await expect(row).toContainText(/now|second|minute/);
  expect(Date.now() - before).toBeLessThan(30_000);
  return row;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'dealer.beta');
});

test('dealer.beta runs Alarm activity as CSV, watches its progress in the inbox and gets the notice', async ({ page }) => {
  test.setTimeout(180_000);
  const row = await runAlarmActivity(page, { a11y: true });

  // On its way: queued or running, with a progress bar named for the report.
  const status = row.locator('[data-status]');
  // On the demo data the real engine may finish before the inbox first paints: the bar and Cancel are checked while it runs.
  if ((await status.getAttribute('data-status')) !== 'done') {
    await expect(row.getByRole('progressbar', { name: /Alarm activity: \d+% done/ })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Cancel Alarm activity' })).toBeVisible();
  }
  // The end comes live over /hubs/reports: the status reaches its end without a reload and the notice appears.
  // Watched from now: the notice closes after 10 s, and axe on a loaded machine can take longer than that.
  const notice = page.getByTestId('shell-notice').filter({ hasText: 'Alarm activity' }).filter({ hasText: 'Report complete' });
  const noticeSeen = notice.waitFor({ state: 'visible', timeout: 150_000 });
  noticeSeen.catch(() => undefined);
  await checkA11y(page, 'reports', 'inbox');
  await noticeSeen;
  await expect(status).toHaveAttribute('data-status', TERMINAL, { timeout: 20_000 });
  await expect(row.getByRole('progressbar')).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Run Alarm activity again' })).toBeVisible();

  // Filters: by status (the run's own) and by another report (nothing: the designed empty state).
  const ended = await status.getAttribute('data-status');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: ended === 'done' ? 'Ready' : 'Failed' }).click();
  await expect(page).toHaveURL(/filter=/);
  await expect(page.getByRole('table', { name: 'My reports' }).getByRole('row').nth(1)).toContainText('Alarm activity');
  await page.getByRole('combobox', { name: 'Report' }).click();
  await page.getByRole('option', { name: 'Zone list' }).click();
  await expect(page.getByTestId('reports-inbox-empty')).toContainText('None of your reports match these filters.');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('table', { name: 'My reports' }).getByRole('row').nth(1)).toContainText('Alarm activity');
});

test('Delete asks first, then removes the run from the inbox', async ({ page }) => {
  const row = await runAlarmActivity(page);
  const total = page.getByText(/^\d+-\d+ of \d+$/);
  const count = async () => Number((await total.innerText()).split(' of ')[1]);
  await expect(total).toBeVisible();
  const before = await count();
  await row.getByRole('button', { name: 'Delete Alarm activity' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete report' });
  await expect(confirm).toContainText('Delete Alarm activity and its file? This cannot be undone.');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Alarm activity was deleted.')).toBeVisible();
  await expect.poll(count).toBe(before - 1);
});

test('on a phone the run form fills the screen and the inbox shows a card per run', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/reports?run=alarmActivity');
  const drawer = page.getByRole('dialog', { name: 'Run Alarm activity' });
  await expect(drawer).toBeVisible();
  const box = await drawer.boundingBox();
  expect(box?.width).toBeCloseTo(390, 0);
  await drawer.getByRole('button', { name: 'Run now' }).click();
  await expect(page).toHaveURL(/\/reports\/inbox$/);
  const card = page.getByTestId('report-run-card').first();
  await expect(card).toContainText('Alarm activity');
  await expect(card.getByRole('button', { name: 'Delete Alarm activity' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a done run downloads its CSV from the inbox', async ({ page }) => {
  test.setTimeout(120_000);
  const row = await runAlarmActivity(page);
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
  await expect(page.getByTestId('shell-notice').filter({ hasText: 'Alarm activity' })).toContainText('Report complete');
  await expect(row).toContainText(/\d+(\.\d)? (B|kB|MB)/);
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: 'Download Alarm activity' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const file = await download.path();
  expect(readFileSync(file, 'utf8').split('\n').length).toBeGreaterThan(1);
});

test('Schedule… opens the schedule form prefilled; a weekly schedule is listed and can be deleted', async ({ page }) => {
  await page.goto('/reports?run=alarmActivity');
  const run = page.getByRole('dialog', { name: 'Run Alarm activity' });
  await run.getByRole('radio', { name: 'PDF' }).check();
  await run.getByRole('button', { name: 'Schedule…' }).click();
  await expect(page).toHaveURL(/\/reports\/schedules\/create$/);
  const form = page.getByRole('dialog', { name: 'Schedule a report' });
  await expect(form.getByLabel('Name')).toHaveValue('Alarm activity');
  await expect(form.getByRole('radio', { name: 'PDF' })).toBeChecked();
  await expect(form.getByRole('combobox', { name: 'Day of the week' })).toContainText('Monday');
  const recipients = form.getByRole('combobox', { name: 'Recipients' });
  await recipients.fill('not-an-address,');
  await expect(form).toContainText('not-an-address is not a valid email address.');
  await form.getByRole('button', { name: 'not-an-address' }).press('Delete');
  await recipients.fill('ops@example.com');
  await recipients.press('Enter');
  await checkA11y(page, 'reports', 'schedule-form', { fullPage: false });
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Scheduled report saved.')).toBeVisible();
  const row = page.getByRole('table', { name: 'Scheduled reports' }).getByRole('row').filter({ hasText: 'Alarm activity' }).first();
  await expect(row).toContainText(/Weekly on Monday at 07:00/);
  await expect(row).toContainText('ops@example.com');
  await row.click();
  const edit = page.getByRole('dialog', { name: 'Edit scheduled report' });
  await edit.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete scheduled report' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Scheduled report deleted.')).toBeVisible();
});

test("a run's page: opened from its inbox row, it finishes live, downloads its file, runs again and is deleted", async ({ page }) => {
  test.setTimeout(180_000);
  const row = await runAlarmActivity(page);
  // The row opens the run's page (a click beside the quick actions; the name is also a link).
  await row.getByText('Last 7 days · All event kinds · All accounts').click();
  await expect(page).toHaveURL(/\/reports\/\d+$/);
  const firstId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Report', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My inbox' })).toHaveAttribute('aria-current', 'page');
  const run = page.getByTestId('report-run');
  await expect(run.getByRole('heading', { name: 'Alarm activity', level: 2 })).toBeVisible();
  // The parameters labelled as the run form labels them.
  const parameters = run.getByRole('region', { name: 'Parameters' });
  await expect(parameters.locator('dt')).toHaveText(['Period', 'Event kinds', 'Accounts']);
  await expect(parameters.locator('dd').first()).toHaveText('Last 7 days');
  await expect(parameters.locator('dd').last()).toHaveText('All accounts');
  await expect(run.getByRole('region', { name: 'Details' })).toContainText('Requested');

  // It finishes without a reload (the reports connection, or the page's own reload while it is on its way).
  await expect(run.locator('[data-status]')).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  await expect(run.getByRole('progressbar')).toHaveCount(0);
  await expect(run.getByRole('region', { name: 'Details' })).toContainText('Finished');
  const file = run.getByRole('region', { name: 'File' });
  await expect(file).toContainText(/alarmActivity.*\.csv/);
  await expect(file).toContainText('CSV');
  await expect(file).toContainText(/\d+(\.\d)? (B|kB|MB)/);
  await expect(run.getByRole('button', { name: 'Cancel report' })).toHaveCount(0);
  await checkA11y(page, 'reports', 'run-page');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    file.getByRole('link', { name: 'Download Alarm activity' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  expect(readFileSync(await download.path(), 'utf8').split('\n').length).toBeGreaterThan(1);

  // Run again: a new run, and its page.
  // The first run's 'Report complete' notice goes first, so the one heard next is the new run's.
  const reportNotices = page.getByTestId('shell-notice').filter({ hasText: 'Report complete' });
  await expect(async () => {
    if (await reportNotices.count()) await reportNotices.first().getByRole('button', { name: 'Close' }).click({ timeout: 1000 });
    await expect(reportNotices).toHaveCount(0, { timeout: 100 });
  }).toPass({ timeout: 20_000 });
  await run.getByRole('button', { name: 'Run again' }).click();
  await expect(page.getByText('Alarm activity is being prepared again.')).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`/reports/${firstId}$`));
  await expect(page).toHaveURL(/\/reports\/\d+$/);
  const secondPath = new URL(page.url()).pathname;
  await expect(run.getByRole('heading', { name: 'Alarm activity', level: 2 })).toBeVisible();

  // Its 'Report complete' notice, heard on the inbox, leads back to this run's page.
  await page.getByRole('link', { name: 'My inbox' }).click();
  await expect(page).toHaveURL(/\/reports\/inbox$/);
  const notice = page.getByTestId('shell-notice').filter({ hasText: 'Alarm activity' }).filter({ hasText: 'Report complete' });
  await notice.getByRole('button', { name: 'View Report' }).click({ timeout: 120_000 });
  await expect(page).toHaveURL(new RegExp(`${secondPath}$`));

  // Delete asks first, then goes back to the inbox. The demo's simulated alarms (one every 20 to
  // 60 s) stack their notices over the page until closed: a user closes them to reach the button.
  await expect(async () => {
    for (const shown of await page.getByTestId('shell-notice').all())
      await shown.getByRole('button', { name: 'Close' }).click({ timeout: 1000 });
    await run.getByRole('button', { name: 'Delete' }).click({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const confirm = page.getByRole('dialog', { name: 'Delete report' });
  await expect(confirm).toContainText('Delete Alarm activity and its file? This cannot be undone.');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/reports\/inbox$/);
  await expect(page.getByText('Alarm activity was deleted.')).toBeVisible();
  // Gone: its page now reads as not found.
  await page.goto(secondPath);
  await expect(page.getByTestId('report-run-not-found')).toContainText('Report not found');
});

test("an unknown run, or another user's, reads as not found; the other reports screens keep their addresses", async ({ page, browser }) => {
  await page.goto('/reports/2147483000');
  await expect(page.getByTestId('report-run-not-found')).toContainText('Report not found');
  await expect(page.getByRole('link', { name: 'Go to my inbox' })).toHaveAttribute('href', '/reports/inbox');
  await checkA11y(page, 'reports', 'run-not-found');
  await page.goto('/reports/not-a-run');
  await expect(page.getByTestId('report-run-not-found')).toBeVisible();

  // dealer.beta's newest run, opened by support.admin: not theirs, so not found.
  const runs = await page.request.get('/api/reportRuns?sort=["createdAt","DESC"]&range=[0,0]');
  const [newest] = (await runs.json()) as { id: number }[];
  expect(newest).toBeDefined();
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'support.admin', { internal: true });
  await staff.goto(`/reports/${newest.id}`);
  await expect(staff.getByTestId('report-run-not-found')).toContainText('Report not found');

  // dealer.beta's own, on a phone: the page fits its width, its actions within reach.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/reports/${newest.id}`);
  await expect(page.getByTestId('report-run').getByRole('heading', { level: 2 })).toBeVisible();
  await expect(page.getByTestId('report-run').getByRole('button', { name: 'Delete' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // react-admin's own path of the resource's show view leads to the same page.
  await page.goto(`/reportRuns/${newest.id}/show`);
  await expect(page).toHaveURL(new RegExp(`/reports/${newest.id}$`));
  await expect(page.getByTestId('report-run')).toBeVisible();

  await page.goto('/reports/inbox');
  await expect(page.getByRole('heading', { name: 'Reports Inbox', level: 1 })).toBeVisible();
  await page.goto('/reports/schedules');
  await expect(page.getByRole('heading', { name: 'Scheduled Reports', level: 1 })).toBeVisible();
});
