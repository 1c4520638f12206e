import { expect, test, type Page } from './fixtures.js';
import { generate } from 'otplib';
import { DEMO_PASSWORD, XSRF } from '../../src/common/constants.js';
import { expectAxeClean, setColorMode } from './a11y.js';
import { signIn } from './signIn.js';

/**
 * Passkeys in Chromium with its virtual authenticator (CDP WebAuthn: a platform
 * authenticator with resident keys and user verification, as a phone or laptop has):
 * dealer.beta adds a passkey on /user-account (the password first, as for any sensitive change),
 * logs out, and signs in with 'Sign in with a passkey' without typing anything; support.viewer, who
 * has the authenticator app, answers the MFA step with 'Use a passkey instead'; axe on the section;
 * a cancelled ceremony is explained.
 */

/** A virtual authenticator for the page's browser context: the ceremonies complete without a prompt. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/**
 * Adds a passkey named `name` on /user-account: no code or passkey verified in this session lately,
 * so the current password first. Answers the Passkeys section.
 */
async function addPasskey(page: Page, name: string) {
  await page.goto('/user-account');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByRole('button', { name: 'Add a passkey' })).toBeVisible({ timeout: 15_000 });
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const add = page.getByRole('dialog', { name: 'Add a passkey' });
  await add.getByRole('textbox', { name: 'Name' }).fill(name);
  await add.getByRole('button', { name: 'Continue' }).click();
  const password = add.getByLabel('Current password');
  await expect(password).toBeVisible();
  await expect(add.getByText('Enter your current password to make this change.')).toBeVisible();
  await password.fill(DEMO_PASSWORD);
  await add.getByRole('button', { name: 'Continue' }).click();
  await expect(add).toBeHidden({ timeout: 15_000 });
  await expect(section.getByRole('listitem').filter({ hasText: name })).toContainText('Not used yet');
  return section;
}

test('dealer.beta adds a passkey on /user-account, logs out and signs in with it', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const authenticator = await virtualAuthenticator(page);
  await signIn(page, 'dealer.beta');
  const section = await addPasskey(page, 'Virtual key');
  await expect(page.getByText('Passkey added')).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);
  expect((await authenticator.credentials())[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

  // axe on the section, every rule in light and in dark; the rest of the page's own checks are dealerAdmin.spec.ts's.
  await section.evaluate((element) => element.setAttribute('data-axe', 'passkeys'));
  for (const mode of ['light', 'dark'] as const) {
    await setColorMode(page, mode);
    await expectAxeClean(page, `passkeys section (${mode})`, { include: '[data-axe="passkeys"]' });
  }

  // The app bar hides while the long account page is scrolled down: back to the top first.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });

  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/home\/dashboard$/, { timeout: 15_000 });

  await page.goto('/user-account');
  await expect(page.getByRole('region', { name: 'Passkeys' }).getByRole('listitem').filter({ hasText: 'Virtual key' })).toContainText(
    'Last used',
  );
});

test("support.viewer, who has the authenticator app, answers the MFA step with 'Use a passkey instead'", async ({ page }) => {
  // support.viewer is this portal's alone (totp.spec.ts, on the other portal, uses its own): the
  // authenticator app is turned on through the API as the account page does it (the password, then
  // a first code), so the password sign-in asks for MFA for real.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const authenticator = await virtualAuthenticator(page);
  await signIn(page, 'support.viewer', { internal: true });
  const xsrf = async () => ({ [XSRF.header]: (await page.context().cookies()).find((c) => c.name === XSRF.cookie)?.value ?? '' });
  const status = await page.request.get('/api/user/authenticator');
  if (!(await status.json()).enabled) {
    const setup = await page.request.post('/api/user/authenticator', { data: { currentPassword: DEMO_PASSWORD }, headers: await xsrf() });
    expect(setup.status()).toBe(200);
    const { secret } = await setup.json();
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
    expect((await page.request.post('/api/user/authenticator/confirm', { data: { code }, headers: await xsrf() })).status()).toBe(200);
  }

  await addPasskey(page, 'Staff key');
  expect(await authenticator.credentials()).toHaveLength(1);

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
  await page.goto('/login?internal=true');
  await page.getByPlaceholder('Username').fill('support.viewer');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // The step opens on the authenticator app's code; the passkey is offered beside it.
  await expect(page.getByRole('heading', { name: 'Authenticator app' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Use a passkey instead' }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 15_000 });
  await page.goto('/user-account');
  await expect(page.getByRole('region', { name: 'Passkeys' }).getByRole('listitem').filter({ hasText: 'Staff key' })).toContainText(
    'Last used',
    { timeout: 15_000 },
  );
});

test('a cancelled passkey sign-in says so, and the form stays', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // An authenticator without any passkey: the browser has nothing to offer, as when the user closes the prompt.
  await virtualAuthenticator(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The passkey request was cancelled or timed out.' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
});
