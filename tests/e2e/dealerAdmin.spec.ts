import { expect, test, type Page } from './fixtures.js';
import { checkA11y, shot } from './a11y.js';
import { dialog, field, fromOutbox } from './dialogSupport.js';
import { signIn } from './signIn.js';
import { XSRF } from '../../src/common/constants.js';

/**
 * Dealer administration (SPEC §6 users): dealer.beta invites a user with the Reports
 * permission, the invitee sets a password from the emailed link in another browser and signs
 * in at /login as far as the first login step; then axe in both themes on the dealer's
 * administration pages, with screenshots under test-results/admin-*.png.
 */

const PASSWORD = 'Lantern-Quay-Harbour-7315';

test('dealer.beta invites a user with Reports; the invitee sets a password and signs in', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = `invitee.${Date.now()}@example.com`;
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'dealer.beta');
  await page.goto('/account-group/users');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const invite = dialog(page, 'Invite a user');
  await expect(invite).toBeVisible();
  await field(invite, 'Email').fill(email);
  await field(invite, 'Name').fill('Invited Tester');
  await invite.getByRole('checkbox', { name: 'Reports' }).check();
  const since = Date.now() - 1000;
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite).toBeHidden();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Invited Tester' })).toContainText('Invited');

  const link = await fromOutbox(page, email, /(\/login\/register\?otp=[^\s"<]+)/, since);

  // The invitee, in a browser of their own.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const invitee = await context.newPage();
  await invitee.goto(link);
  await expect(invitee.getByText('Please enter a secure password for your account')).toBeVisible();
  await field(invitee, 'Password').fill('short');
  await field(invitee, 'Confirm Password').fill('short');
  await invitee.getByRole('button', { name: 'Save' }).click();
  await expect(invitee.getByText('Must be at least 12 characters long')).toBeVisible();
  await field(invitee, 'Password').fill(PASSWORD);
  await field(invitee, 'Confirm Password').fill(PASSWORD);
  await invitee.getByRole('button', { name: 'Save' }).click();
  await expect(invitee.getByText('Password Set!')).toBeVisible();
  await expect(invitee).toHaveURL(/\/login$/);

  // Sign in with the email as the username: the first login step is the terms, then the privacy
  // policy, then the dealer home.
  await invitee.goto('/login?returnUrl=%2Fhome%2Fdashboard');
  await invitee.getByPlaceholder('Username').fill(email);
  await invitee.getByLabel('Password').fill(PASSWORD);
  await invitee.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(invitee.getByRole('dialog', { name: 'Terms and Conditions' })).toBeVisible();
  await shot(invitee, 'admin-invitee-terms');
  await invitee.getByRole('button', { name: 'Accept' }).click();
  const privacy = invitee.getByRole('dialog');
  await expect(privacy.getByText('Accept Terms and Conditions')).toBeVisible();
  await privacy.getByLabel('Accept Terms and Conditions').check();
  await privacy.getByRole('button', { name: 'Continue' }).click();
  await expect(invitee).toHaveURL(/\/home\/dashboard$/);
  await expect(invitee.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // Reports only: neither billing nor the administration pages in the menu.
  const menu = invitee.getByRole('navigation', { name: 'Main navigation' });
  await expect(menu.getByRole('menuitem', { name: 'Reports', exact: true })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Billing', exact: true })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: 'Users', exact: true })).toHaveCount(0);
  await shot(invitee, 'admin-invitee-home');
  await context.close();

  // The inviter's list shows the user as active now.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'Invited Tester' })).toContainText('Active');
});

/** [path, screenshot name, known violation (the check is test.fixme until the app is fixed)]. */
const PAGES: [string, string, string?][] = [
  ['/user-account', 'user-account'],
  ['/account-group/users', 'users'],
  ['/billing', 'billing'],
  ['/resources', 'resources'],
  ['/home/contact-us', 'contact-us'],
  ['/home/product-roadmap', 'product-roadmap'],
];

for (const [path, name, knownViolation] of PAGES) {
  const declare = knownViolation ? test.fixme : test;
  declare(`axe in light and dark on ${path} (1280x800)`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'dealer.beta');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await checkA11y(page, 'admin', name);
  });
}

test('axe in light and dark on /user-account (390x844)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'dealer.beta');
  await page.goto('/user-account');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await checkA11y(page, 'admin', 'user-account-phone');
});

test('the language and theme saved on /user-account apply at the next sign-in', async ({ browser }) => {
  const saveAs = async (page: Page, change: { language: 'en' | 'es'; theme: 'light' | 'dark' }) => {
    const xsrf = (await page.context().cookies()).find((c) => c.name === XSRF.cookie)?.value ?? '';
    const response = await page.request.put('/api/user/profile', { data: change, headers: { [XSRF.header]: xsrf } });
    expect(response.status()).toBe(200);
  };
  const first = await browser.newPage();
  await signIn(first, 'dealer.summit');
  await saveAs(first, { language: 'es', theme: 'dark' });
  await first.close();
  // Another browser, English and light by default: the saved choice wins at sign-in.
  const page = await browser.newPage({ colorScheme: 'light', viewport: { width: 1600, height: 900 } });
  try {
    await signIn(page, 'dealer.summit');
    await page.goto('/user-account');
    await expect(page.getByRole('heading', { level: 1, name: 'Cuenta de usuario' })).toBeVisible();
    // Dark: the page is drawn on a dark background.
    await expect
      .poll(() => page.evaluate(() => Math.max(...getComputedStyle(document.body).backgroundColor.match(/\d+/g)!.slice(0, 3).map(Number))))
      .toBeLessThan(80);
    // A switch later in the session stays on reload (the saved choice applies once per sign-in).
    await page.getByRole('banner').getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'User Account' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'User Account' })).toBeVisible();
  } finally {
    await saveAs(page, { language: 'en', theme: 'light' });
    await page.close();
  }
});
