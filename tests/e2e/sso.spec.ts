import { expect, test, type Page } from './fixtures.js';
import { DEMO_PASSWORD } from '../../src/common/constants.js';
import { checkScreen, dialog, openIn } from './dialogSupport.js';

/**
 * SPEC §2 'SSO dialogs', §5 Team Domain: the tenant lookup, the provider
 * picker by keyboard, and the round trip through the demo's own OpenID
 * Connect provider (/idp) back to /login?ssoCode=… and on into the portal.
 */

/** The login page's SSO dialog given a team domain: the provider picker it opens. */
async function providerPicker(page: Page, teamDomain: string) {
  await openIn(page, '/login');
  await page.getByRole('button', { name: 'Continue With Single Sign-On' }).click();
  const sso = dialog(page, 'Sign in with Single Sign-On');
  await sso.getByRole('textbox', { name: 'Team Domain' }).fill(teamDomain);
  await sso.getByRole('button', { name: 'Continue' }).click();
  return dialog(page, /^Sign into /);
}

for (const theme of ['light', 'dark'] as const) {
  test(`team domain: required, 'Invalid Domain', then the picker (${theme})`, async ({ page }) => {
    await openIn(page, '/login', theme);
    await page.getByRole('button', { name: 'Continue With Single Sign-On' }).click();
    const sso = dialog(page, 'Sign in with Single Sign-On');
    await expect(sso).toBeVisible();
    const field = sso.getByRole('textbox', { name: 'Team Domain' });
    await expect(field).toBeFocused();
    await sso.getByRole('button', { name: 'Continue' }).click();
    await expect(sso.getByText('Required')).toBeVisible();
    await field.fill('no-such-team');
    await sso.getByRole('button', { name: 'Continue' }).click();
    await expect(sso.getByText('Invalid Domain')).toBeVisible();
    await sso.getByRole('button', { name: 'About the team domain' }).hover();
    await expect(page.getByRole('tooltip')).toContainText('Dealer Support Representative');
    await checkScreen(page, 'sso-domain', theme, 'body');
    const box = await sso.boundingBox();
    expect(Math.round(box!.width)).toBe(600);

    await field.fill('northwind');
    await page.keyboard.press('Enter');
    const picker = dialog(page, /^Sign into /);
    await expect(picker).toBeVisible();
    await expect(picker.getByRole('listbox')).toBeFocused();
    await expect(picker.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await checkScreen(page, 'sso-picker', theme);
  });
}

test('signs dealer.beta in through the local identity provider', async ({ page }) => {
  test.setTimeout(60_000);
  const picker = await providerPicker(page, 'northwind');
  const listbox = picker.getByRole('listbox');
  await expect(listbox).toBeFocused();
  const count = await picker.getByRole('option').count();
  if (count > 1) {
    // Arrow keys move the selection and wrap around.
    await page.keyboard.press('ArrowDown');
    await expect(picker.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
  }
  const demo = picker.getByRole('option', { name: /demo/i });
  const demoIndex =
    count > 1 ? await picker.getByRole('option').evaluateAll((options) => options.findIndex((o) => /demo/i.test(o.textContent ?? ''))) : 0;
  for (let i = 0; i < demoIndex; i += 1) await page.keyboard.press('ArrowDown');
  await expect(demo).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');

  await page.waitForURL(/\/idp\//);
  // The IdP account 'dealer.beta' carries the email dealer.beta@example.com.
  await page.getByLabel('Username').fill('dealer.beta');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/login\?ssoCode=/);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  const me = await page.request.get('/api/me');
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { email?: string }).email).toBe('dealer.beta@example.com');
});

test('the picker says so when a dealer has no providers', async ({ page }) => {
  const picker = await providerPicker(page, 'lakeside');
  await expect(picker).toBeVisible();
  const options = await picker.getByRole('option').count();
  if (options === 0) await expect(picker.getByText('No SSO providers found')).toBeVisible();
  await picker.getByRole('button', { name: 'Cancel' }).click();
  await expect(picker).toBeHidden();
});
