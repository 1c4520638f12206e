import { expect, test, type Page } from './fixtures.js';
import { checkA11y } from './a11y.js';
import { dialog, field } from './dialogSupport.js';
import { DEMO_PASSWORD } from '../../src/common/constants.js';
import { signIn } from './signIn.js';

/**
 * Support: support.admin finds dealer.beta on /support, opens the user page,
 * impersonates them with a reason, sees the banner and the dealer's dashboard, ends it and is back
 * on /support; a support action through its reason dialog; axe in both themes on /support and a
 * user page (screenshots under test-results/support-*.png).
 */

test('support.admin finds dealer.beta, impersonates with a reason, sees the dashboard and the banner, ends it', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'support.admin', { internal: true });
  await page.goto('/support');
  await expect(page.getByRole('heading', { name: 'Support', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search users' }).fill('whitfield');
  const row = page.getByRole('row').filter({ hasText: 'dealer.beta' });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Casey Carter' })).toHaveCount(0);
  await expect(row).toContainText('Northwind Security');
  await expect(row).toContainText('Active');
  await row.getByRole('link', { name: 'Dana Whitfield' }).click();

  await expect(page).toHaveURL(/\/support\/users\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Dana Whitfield', level: 2 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Account groups' })).toContainText('Northwind Security');
  await expect(page.getByRole('region', { name: 'Support access' })).toContainText('on-call rota');

  await page.getByRole('button', { name: 'Impersonate' }).click();
  const impersonate = dialog(page, 'Impersonate Dana Whitfield');
  await expect(impersonate).toBeVisible();
  // The reason is required: a clear message, nothing sent.
  await impersonate.getByRole('button', { name: 'Start impersonation' }).click();
  await expect(impersonate.getByText('Enter a reason: it is saved in the audit log.')).toBeVisible();
  await field(impersonate, 'Reason').fill('Dealer asked for help with the dashboard figures (ticket 7001)');
  await impersonate.getByRole('combobox', { name: 'Duration' }).click();
  await page.getByRole('option', { name: '15 minutes' }).click();
  await impersonate.getByRole('button', { name: 'Start impersonation' }).click();

  // The dealer's home, as the dealer, with the banner.
  await expect(page).toHaveURL(/\/home\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByText('You are now impersonating this user')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Dana Whitfield');

  await page.getByRole('button', { name: 'End Impersonation' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/support$/, { timeout: 20_000 });
  await expect(page.getByText('You are now impersonating this user')).toHaveCount(0);
  await expect(page.getByRole('banner')).toContainText('Sam Support');
});

test('a support action asks for a reason, then says what it did; axe on /support and a user page', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'support.admin', { internal: true });
  await page.goto('/support');
  await page.getByRole('textbox', { name: 'Search users' }).fill('dealer.locked');
  // The search is applied (and kept for the way back) after its debounce: wait for it in the address.
  await expect(page).toHaveURL(/dealer\.locked/);
  await expect(page.getByRole('row').filter({ hasText: 'Casey Carter' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Lee Locke' }).click();
  await expect(page.getByRole('heading', { name: 'Lee Locke', level: 2 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sign-in' })).toContainText('Blocked from 203.0.113.24');
  await checkA11y(page, 'support', 'user-page');

  await page.getByRole('button', { name: 'Unlock' }).click();
  const unlock = dialog(page, 'Unlock Lee Locke?');
  await unlock.getByRole('button', { name: 'Unlock' }).click();
  await expect(unlock.getByText('Enter a reason: it is saved in the audit log.')).toBeVisible();
  await field(unlock, 'Reason').fill('Called from the office, identity checked (ticket 7002)');
  await unlock.getByRole('button', { name: 'Unlock' }).click();
  await expect(unlock).toBeHidden();
  await expect(page.getByText('Lee Locke is unlocked.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sign-in' })).toContainText('Not locked.');
  await expect(page.getByRole('button', { name: 'Unlock' })).toHaveCount(0);

  // Back on /support the last search is kept; a new one.
  await page.getByRole('link', { name: 'Back to Support' }).click();
  await expect(page.getByRole('textbox', { name: 'Search users' })).toHaveValue('dealer.locked');
  await page.getByRole('textbox', { name: 'Search users' }).fill('newuser');
  await expect(page.getByRole('row').filter({ hasText: 'Lee Locke' })).toHaveCount(0);
  // dealer.newuser, by its username or, once an earlier spec walked it through the login steps
  // (which change the username and add newuser@example.com), by its email.
  await expect(page.getByRole('row').filter({ hasText: 'Noah Newman' })).toHaveCount(1);
  await checkA11y(page, 'support', 'search');
});

/** support.admin signs in and opens dealer.summit's (Chris Lindqvist's) page from /support. */
async function openSummitAsSupport(page: Page) {
  await signIn(page, 'support.admin', { internal: true });
  await page.goto('/support');
  await page.getByRole('textbox', { name: 'Search users' }).fill('dealer.summit');
  // The search has answered (one user) before the click: a click on the row of the list as it was
  // before the search could be lost as the list is drawn again.
  await expect(page.getByText('1-1 of 1')).toBeVisible();
  await page.getByRole('row').filter({ hasText: 'dealer.summit' }).getByRole('link', { name: 'Chris Lindqvist' }).click();
  await expect(page).toHaveURL(/\/support\/users\/\d+$/);
}

test("while impersonating the user's sign-in settings are theirs; an impersonation ended elsewhere says so for 10 s and sign-in returns to /support", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Time runs as usual; the notice's 10 s are then stepped through instead of waited for.
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSummitAsSupport(page);
  await page.getByRole('button', { name: 'Impersonate' }).click();
  const impersonate = dialog(page, 'Impersonate Chris Lindqvist');
  await field(impersonate, 'Reason').fill('Dealer asked why they cannot add a passkey (ticket 7003)');
  await impersonate.getByRole('button', { name: 'Start impersonation' }).click();
  await expect(page).toHaveURL(/\/home\/dashboard$/, { timeout: 20_000 });

  // How the dealer signs in is not support's to change (the server refuses it too: support.test.ts).
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'User Account' }).click();
  await expect(page).toHaveURL(/\/user-account$/);
  await expect(page.getByText('Sign-in settings cannot be changed while acting as another user.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Passkeys' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Change password' })).toHaveCount(0);

  // Another support user signs the dealer out everywhere, the impersonation included.
  const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const colleague = await other.newPage();
  await openSummitAsSupport(colleague);
  await colleague.getByRole('button', { name: 'Sign out everywhere' }).click();
  const signOut = dialog(colleague, 'Sign Chris Lindqvist out everywhere?');
  await field(signOut, 'Reason').fill('Lost laptop reported by the dealer (ticket 7004)');
  await signOut.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(colleague.getByText('Chris Lindqvist was signed out everywhere.')).toBeVisible();
  await other.close();

  // The next call of the impersonation: SPEC §8, login with returnUrl=support and the notice for 10 s.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('menuitem', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/login\?.*returnUrl=%2Fsupport/, { timeout: 15_000 });
  const notice = page.getByText('Your impersonation session has expired');
  await expect(notice).toBeVisible();
  await page.clock.fastForward(8_000);
  await expect(notice).toBeVisible();
  await page.clock.fastForward(2_500);
  await expect(notice).toBeHidden();
  await page.getByPlaceholder('Username').fill('support.admin');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/support$/, { timeout: 20_000 });
  await expect(page.getByRole('banner')).toContainText('Sam Support');
});
