import { expect, test, type Page } from './fixtures.js';
import type { SiteDetail, SiteRecord } from '../../schemas/sites.js';
import { checkA11y } from './a11y.js';
import { signIn } from './signIn.js';

/**
 * Accounts in Chromium: dealer.beta opens the Accounts list from the drawer,
 * searches by a phone fragment, sees the phone named as the match with the match marked,
 * and opens the account on /site/info; the '/' dialog does the same from the keyboard;
 * status chips filter; a phone gets cards; axe in light and dark (screenshots
 * test-results/accounts-*.png).
 */

/** A phone number of one of dealer.beta's accounts, read from the account view (GET /api/sites/{siteNum}). */
async function aPhoneOfTheGroup(page: Page): Promise<string> {
  const list = await page.request.get(`/api/sites?range=${encodeURIComponent('[0,24]')}&sort=${encodeURIComponent('["siteNum","ASC"]')}`);
  expect(list.status()).toBe(200);
  for (const site of (await list.json()) as SiteRecord[]) {
    const response = await page.request.get(`/api/sites/${site.siteNum}`);
    if (response.status() !== 200) continue;
    const detail = (await response.json()) as SiteDetail;
    const phone = detail.contacts.find((c) => c.phoneNumber)?.phoneNumber ?? detail.premisePhones[0]?.phoneNumber;
    if (phone && phone.replace(/\D/g, '').length >= 7) return phone;
  }
  throw new Error('No account of the group has a phone number');
}

/** The last seven digits, written as '555-0142' whatever the stored formatting: the search compares digits only. */
function fragmentOf(phone: string): { typed: string; digits: string } {
  const digits = phone.replace(/\D/g, '').slice(-7);
  return { typed: `${digits.slice(0, 3)}-${digits.slice(3)}`, digits };
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'dealer.beta');
});

test('dealer.beta searches the Accounts list by a phone fragment, sees the match and opens the account', async ({ page }) => {
  test.setTimeout(60_000);
  const { typed, digits } = fragmentOf(await aPhoneOfTheGroup(page));
  await page.goto('/home/dashboard');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('menuitem', { name: 'Accounts', exact: true }).click();
  await expect(page).toHaveURL(/\/sites(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Accounts' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await checkA11y(page, 'accounts', 'list');

  await page.getByLabel('Search accounts').fill(typed);
  await expect(page).toHaveURL(/filter=/);
  const matched = table.getByRole('row').filter({ has: page.locator('[data-match-field="phone"]') });
  await expect(matched.first()).toBeVisible();
  const matchLine = matched.first().locator('[data-match-field="phone"]');
  await expect(matchLine).toContainText('Matched phone');
  const marked = await matchLine.locator('mark').innerText();
  expect(marked.replace(/\D/g, '')).toBe(digits);
  await checkA11y(page, 'accounts', 'search');

  const sn = (await matched.first().getByRole('cell').nth(1).innerText()).trim();
  await matched.first().getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/site/info\\?sn=${sn}(&dn=\\d+)?$`));
});

test("the '/' dialog finds an account by a phone fragment; arrow keys and Enter open it", async ({ page }) => {
  const { typed, digits } = fragmentOf(await aPhoneOfTheGroup(page));
  await page.goto('/home/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.locator('body').press('/');
  const dialog = page.getByRole('dialog', { name: 'Account Search' });
  await expect(dialog).toBeVisible();
  const box = dialog.getByRole('combobox', { name: 'Name, number, phone or address' });
  await box.fill(typed);
  const results = dialog.getByRole('listbox', { name: 'Accounts found' });
  const phoneMatch = results.getByRole('option').filter({ has: page.locator('[data-match-field="phone"]') });
  await expect(phoneMatch.first()).toBeVisible();
  expect((await phoneMatch.first().locator('mark').innerText()).replace(/\D/g, '')).toBe(digits);
  await checkA11y(page, 'accounts', 'dialog');
  // The arrow keys move through the results with the focus kept in the box.
  const options = results.getByRole('option');
  const index = (await options.evaluateAll((els) => els.map((el) => !!el.querySelector('[data-match-field="phone"]')))).indexOf(true);
  for (let i = 0; i <= index; i += 1) await box.press('ArrowDown');
  await expect(options.nth(index)).toHaveAttribute('aria-selected', 'true');
  await expect(box).toBeFocused();
  const sn = (await options.nth(index).locator('.MuiListItemText-secondary').innerText()).split(' · ')[0];
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/site/info\\?sn=${sn}(&dn=\\d+)?$`));
  const recent = await page.evaluate(() => JSON.parse(localStorage.getItem('recent-account-searches') ?? '[]') as string[]);
  expect(recent[0]).toBe(typed);
});

test('status chips filter the list; nothing found says what to try', async ({ page }) => {
  await page.goto('/sites');
  const table = page.getByRole('table', { name: 'Accounts' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const chip = page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Active' });
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/active/);
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const tags = await table.locator('[data-status]').evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
  expect(tags.length).toBeGreaterThan(0);
  expect(new Set(tags)).toEqual(new Set(['active']));
  await page.getByLabel('Search accounts').fill('zzzq-nothing');
  await expect(page.getByTestId('sites-empty')).toContainText(
    'No accounts match “zzzq-nothing”. Try part of a name, a phone number or a transmitter code, or clear the filters.',
  );
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(chip).toHaveAttribute('aria-pressed', 'false');
});

test('on a phone the list is cards that open the account', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/sites');
  const cards = page.getByRole('list', { name: 'Accounts' });
  await expect(cards.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Accounts' })).toHaveCount(0);
  await checkA11y(page, 'accounts', 'phone');
  await cards.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/site\/info\?sn=\d+/);
});
