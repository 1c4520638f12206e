import { expect, test, type Page } from './fixtures.js';
import { generate } from 'otplib';
import { DEMO_PASSWORD } from '../../src/common/constants.js';
import { checkA11y } from './a11y.js';
import { signIn } from './signIn.js';

/**
 * Authenticator app: support.viewer (a demo user no other journey uses) sets it up in
 * /user-account, computing the codes from the key shown for manual entry as an app would, keeps
 * the recovery codes, signs out, signs in with the password and a code from the app, and turns
 * it off again (so the demo user signs in as before).
 */
const USER = 'support.viewer';

/** The app's code for the key, `ahead` steps from now (30 s each). */
const codeFor = (secret: string, ahead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + ahead * 30 });

const section = (page: Page) => page.getByRole('region', { name: 'Authenticator app' });

test('a user sets up the authenticator app, signs in with a code from it, and turns it off', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, USER, { internal: true });
  await page.goto('/user-account');
  const card = section(page);
  await expect(card.getByText('Off', { exact: true })).toBeVisible();

  // Set up: the current password, then the QR code and the key for manual entry.
  await card.getByRole('button', { name: 'Set up' }).click();
  await card.getByLabel('Current password').fill(DEMO_PASSWORD);
  await card.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByRole('img', { name: `QR code that adds ${USER} to an authenticator app` })).toBeVisible();
  const shownKey = (await card.getByLabel('Setup key').textContent()) ?? '';
  expect(shownKey).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  const secret = shownKey.replace(/\s/g, '');
  await checkA11y(page, 'totp', 'setup');

  // A wrong code is refused; the app's code turns it on and the recovery codes show once.
  await card.getByLabel('Code from the app').fill(String((Number(await codeFor(secret)) + 1) % 1_000_000).padStart(6, '0'));
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByRole('alert')).toContainText('The code is incorrect');
  await card.getByLabel('Code from the app').fill(await codeFor(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();
  const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
  await expect(card.getByRole('button', { name: 'Copy codes' })).toBeVisible();
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe(`recovery-codes-${USER}.txt`);
  await checkA11y(page, 'totp', 'recovery-codes');
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByText('Recovery codes left: 10')).toBeVisible();
  await expect(codes).toHaveCount(0);

  // Sign out, and in again: after the password, the MFA step asks for the app's code.
  // The app bar hides while the long account page is scrolled down: back to the top first.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await page.goto('/login?internal=true');
  await page.getByPlaceholder('Username').fill(USER);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Authenticator app' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use a recovery code' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a code by text or email instead' })).toBeVisible();
  await checkA11y(page, 'totp', 'login-authenticator', { fullPage: false });
  await page.getByLabel('Remember this device?').uncheck();
  // The code of the next step: the one used to turn the app on may still be the current one (refused as a replay).
  await page.getByLabel('Code', { exact: true }).fill(await codeFor(secret, 1));
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Turn it off, with the password.
  await page.goto('/user-account');
  await section(page).getByRole('button', { name: 'Turn off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off the authenticator app?' });
  await expect(dialog.getByLabel('Current password')).toBeFocused();
  await checkA11y(page, 'totp', 'turn-off', { fullPage: false });
  await dialog.getByLabel('Current password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(section(page).getByText('Off', { exact: true })).toBeVisible();
});
