import { expect, test, type Browser, type Page } from './fixtures.js';
import type { SiteDetail } from '../../schemas/sites.js';
import { formatPhone } from '../../src/common/phone.js';
import { checkA11y } from './a11y.js';
import { signIn } from './signIn.js';

/**
 * /site/info in Chromium: dealer.beta opens a demo account of group 9993, reads the
 * call list (against GET /api/sites/{siteNum}), reveals a passcode (the audited POST; clear for
 * 30 seconds, then masked again; Hide masks at once), follows the in-page navigation on a phone,
 * and gets a not-found message for an account outside the group. Staff without the reveal right
 * see the masks only. axe-core in light and dark (screenshots test-results/site-info-*.png).
 */

/** A demo account of group 9993 (demo/sites.ts: sites 100001–100110 belong to it; each has a passcode and at least two contacts). */
const SITE_NUM = 100010;

async function pageAs(browser: Browser, username: string, { internal = false, clock = false } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  if (clock) await page.clock.install();
  await signIn(page, username, { internal });
  return page;
}

/** The account as the API gives it to this user (the session cookie of the page). */
async function detailOf(page: Page, siteNum: number): Promise<SiteDetail> {
  const response = await page.request.get(`/api/sites/${siteNum}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as SiteDetail;
}

test('dealer.beta reads the account, its call list, and reveals a passcode for 30 seconds', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await pageAs(browser, 'dealer.beta', { clock: true });
  const detail = await detailOf(page, SITE_NUM);
  await page.goto(`/site/info?sn=${SITE_NUM}`);

  // Header: title, name and number, status, links to the histories.
  await expect(page.getByRole('heading', { name: 'Site Info', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(`${detail.siteName} (${SITE_NUM})`);
  const device = detail.devices[0];
  await expect(page.getByRole('link', { name: 'History', exact: true })).toHaveAttribute(
    'href',
    `/site/history?sn=${SITE_NUM}&dn=${device.devNum}`,
  );
  await expect(page.getByRole('link', { name: 'Alarm history' })).toHaveAttribute(
    'href',
    `/site/alarm-history?sn=${SITE_NUM}&dn=${device.devNum}`,
  );
  // The star beside the name (the sidebar's Recents entry has one of its own).
  const header = page.getByRole('heading', { level: 2 }).locator('xpath=..');
  const star = detail.isFavorite ? `Remove ${detail.siteName} from favorites` : `Add ${detail.siteName} to favorites`;
  await expect(header.getByRole('button', { name: star })).toHaveAttribute('aria-pressed', String(detail.isFavorite));
  // Opening the account records it among the Recents.
  await expect(page.getByRole('complementary', { name: 'Sites' }).getByRole('list', { name: 'Recents' })).toContainText(String(SITE_NUM));

  // The call list, in calling order, phones as tel: links.
  const callList = page.getByRole('region', { name: 'Call list' }).getByRole('table', { name: 'Call list' });
  const rows = callList.locator('tbody tr');
  const contacts = [...detail.contacts].sort((a, b) => a.position - b.position);
  expect(contacts.length).toBeGreaterThanOrEqual(2);
  await expect(rows).toHaveCount(contacts.length);
  for (const [i, contact] of contacts.entries()) {
    const row = rows.nth(i);
    await expect(row.getByRole('cell').nth(0)).toHaveText(String(contact.position));
    await expect(row.getByRole('cell').nth(1)).toHaveText(contact.name);
    if (contact.phoneNumber) {
      // Shown formatted (national in the account's country), dialled as stored.
      await expect(row.getByRole('link', { name: formatPhone(contact.phoneNumber) })).toHaveAttribute(
        'href',
        `tel:${contact.phoneNumber.replace(/\D/g, '')}`,
      );
    }
  }
  await expect(rows.first()).toContainText('Owner');

  // The completeness warnings each name what is missing and go to its section.
  if (detail.warnings.length > 0) {
    const alert = page.getByRole('alert').filter({ hasText: 'This account is missing information' });
    await expect(alert.getByRole('link')).toHaveCount(detail.warnings.length);
  }

  await checkA11y(page, 'site-info', 'dealer');

  // Passcodes: masked; Reveal is the audited POST; the clear value goes after 30 s.
  const passcode = detail.passcodes[0];
  const passcodes = page.getByRole('table', { name: 'Passcodes' });
  const row = passcodes.locator('tbody tr').filter({ hasText: passcode.name }).first();
  await expect(row).toContainText(passcode.masked);
  const revealed = page.waitForResponse(
    (r) => r.url().includes(`/api/sites/${SITE_NUM}/passcodes/${passcode.passcodeId}/reveal`) && r.request().method() === 'POST',
  );
  await row.getByRole('button', { name: `Reveal the ${passcode.name} passcode` }).click();
  const answer = await revealed;
  expect(answer.status()).toBe(200);
  const { passcode: clear } = (await answer.json()) as { passcode: string };
  expect(clear).not.toContain('•');
  await expect(row.getByTestId('passcode-clear')).toHaveText(clear);
  await expect(page.getByText('Shown for 30 seconds, then hidden again.')).toBeVisible();
  await page.clock.fastForward(31_000);
  await expect(row.getByTestId('passcode-clear')).toHaveCount(0);
  await expect(row).toContainText(passcode.masked);
  // Hide masks at once.
  await row.getByRole('button', { name: `Reveal the ${passcode.name} passcode` }).click();
  await expect(row.getByTestId('passcode-clear')).toHaveText(clear);
  await row.getByRole('button', { name: `Hide the ${passcode.name} passcode` }).click();
  await expect(row.getByTestId('passcode-clear')).toHaveCount(0);
});

test('on a phone every section is reachable from the in-page navigation', async ({ browser }) => {
  const page = await pageAs(browser, 'dealer.beta');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/site/info?sn=${SITE_NUM}`);
  const nav = page.getByRole('navigation', { name: 'Sections of the account' });
  for (const section of ['Overview', 'Devices', 'Zones', 'Call list', 'Passcodes', 'Schedules', 'Agencies and permits']) {
    await nav.getByRole('link', { name: section }).click();
    const heading = page.getByRole('heading', { name: section, level: 3 });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
  }
  await checkA11y(page, 'site-info', 'phone');
});

test('an account outside the group is not found, with the way back to the accounts', async ({ browser }) => {
  const page = await pageAs(browser, 'dealer.beta');
  await page.goto('/site/info?sn=999999');
  await expect(page.getByText('Account not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the accounts' })).toHaveAttribute('href', '/sites');
});

test('staff without the reveal right see the passcodes masked, with no Reveal button', async ({ browser }) => {
  const page = await pageAs(browser, 'support.admin', { internal: true });
  const detail = await detailOf(page, SITE_NUM);
  await page.goto(`/site/info?sn=${SITE_NUM}`);
  const passcodes = page.getByRole('table', { name: 'Passcodes' });
  await expect(passcodes.locator('tbody tr')).toHaveCount(detail.passcodes.length);
  await expect(passcodes).toContainText(detail.passcodes[0].masked);
  await expect(passcodes.getByRole('button')).toHaveCount(0);
});
