import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.js';
import { checkA11y } from './a11y.js';
import { fromOutbox } from './dialogSupport.js';

/**
 * Report download by emailed link (SPEC §2 reports-download/{id} and 'Report download
 * verification dialog', §4 Report download) in Chromium, signed out: the demo link
 * /reports-download/demo-report-link asks for the code emailed to dealer.beta's address, refuses a
 * wrong one, takes the right one from the outbox and saves the file; a reload downloads at once
 * (the token's expiry is in local storage); an unknown link gets its own page.
 */
test('signed out, the emailed link asks for the code from the outbox and saves the report', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const since = Date.now() - 1000;
  await page.goto('/reports-download/demo-report-link');
  const dialog = page.getByRole('dialog', { name: 'Enter Verification Code' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/A validation code was sent to deal\*+\./);
  await expect(dialog.getByRole('button', { name: /^Resend Code \(\d+ s\)$/ })).toBeDisabled();
  await checkA11y(page, 'report-download', 'dialog', { fullPage: false });

  // Not closed by Escape or by a click on the backdrop.
  await page.keyboard.press('Escape');
  await page.mouse.click(10, 400);
  await expect(dialog).toBeVisible();

  const code = await fromOutbox(page, 'dealer.beta@example.com', /\b(\d{6})\b/, since);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await dialog.getByLabel('Verification code').fill(wrong);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toContainText('The code is wrong or has expired. Check the latest email or send a new code.');

  await dialog.getByLabel('Verification code').fill(code);
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Verify' }).click()]);
  expect(download.suggestedFilename()).toBe('topAlarmAccounts-demo.csv');
  expect(readFileSync(await download.path(), 'utf8')).toContain('Rank,Account,Account name,Signals,Last signal');
  await expect(page.getByRole('heading', { name: 'Your report is downloading' })).toBeVisible();
  // dealer.beta's address is no internal user's: the way to the portal is sign-in.
  await expect(page.getByRole('link', { name: 'Go to the portal' })).toHaveAttribute('href', '/login');
  expect(await page.evaluate(() => localStorage.getItem('reportDownload.tokenExpiry.demo-report-link'))).toMatch(/^\d{4}-/);

  // The token is still good: the file comes at once, with no dialog.
  const [again] = await Promise.all([page.waitForEvent('download'), page.reload()]);
  expect(again.suggestedFilename()).toBe('topAlarmAccounts-demo.csv');
  await expect(dialog).toHaveCount(0);
});

test('an unknown link gets a clear page, not a blank', async ({ page }) => {
  await page.goto('/reports-download/no-such-link');
  await expect(page.getByRole('heading', { name: 'We could not open this report' })).toBeVisible();
  await expect(page.getByText('This report link is not valid. Check that you copied the whole link from the email.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
});

test("an internal recipient's links lead to the run's page, /reports/{id} (SPEC §4 'Verified: go to /reports/{id}')", async ({ page }) => {
  // The answers of an internal recipient's link, as the API gives them (the demo's link goes to a dealer).
  const link = 'internal-demo-link';
  let verified = false;
  // The transport adds SPEC §7's query parameters to the API's calls: the patterns allow them.
  await page.route(/\/api\/mfa\/requestReportCode(\?|$)/, (route) =>
    route.fulfill({
      json: { emailAddress: 'supp***********', schedReportID: 3, isTRMUser: true, reportName: 'Zone list', runId: 4242 },
    }),
  );
  await page.route(/\/api\/report\/download\/exchange(\?|$)/, (route) => {
    verified = true;
    return route.fulfill({ json: { expiresAt: new Date(Date.now() + 3_600_000).toISOString(), fileName: 'zoneList.csv', runId: 4242 } });
  });
  await page.route(new RegExp(`/api/report/download/${link}(\\?|$)`), (route) =>
    verified
      ? route.fulfill({
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="zoneList.csv"' },
          body: 'Account,Zone\n',
        })
      : route.fulfill({ status: 401, json: { message: 'reportDownload.errors.codeRequired' } }),
  );
  await page.goto(`/reports-download/${link}`);
  const dialog = page.getByRole('dialog', { name: 'Enter Verification Code' });
  await expect(dialog.getByRole('link', { name: 'View this report in the portal' })).toHaveAttribute('href', '/reports/4242');
  // Cancel still goes to the inbox for internal users (§4).
  await expect(dialog.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/reports/inbox');
  await dialog.getByLabel('Verification code').fill('123456');
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Verify' }).click()]);
  expect(download.suggestedFilename()).toBe('zoneList.csv');
  await expect(page.getByRole('link', { name: 'Go to the portal' })).toHaveAttribute('href', '/reports/4242');
});
