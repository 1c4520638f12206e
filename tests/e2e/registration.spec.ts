import { expect, test } from './fixtures.js';
import { DEMO_ACCOUNT_PASSCODES } from '../../src/server/db/seed/demo/accountPasscodes.js';
import { DEMO_STAFF_CUSTOMER } from '../../src/server/db/seed/demo/staffCustomer.js';
import { checkScreen, dialog, field, fromOutbox, openIn, solveCaptcha } from './dialogSupport.js';

/**
 * SPEC §2 'Create MSA account dialog', 'Registration page', §4 'Registration':
 * create an account on the customer host, open the emailed link ('Account
 * Verified!'), and set a first password from a staff-created account's otp link.
 */

const PORT = Number(process.env.E2E_PORT ?? 8181);
const CUSTOMER_HOST = `http://msa.localhost:${PORT}`;
const PASSWORD = 'Harbour-Lights-2291';

const themes = ['light', 'dark'] as const;

themes.forEach((theme, index) => {
  test(`Create Account, then the emailed link verifies the account (${theme})`, async ({ page }) => {
    test.setTimeout(60_000);
    const { siteNum, passcode } = DEMO_ACCOUNT_PASSCODES[index];
    const email = `e2e.${theme}.${Date.now()}@example.com`;
    await openIn(page, `${CUSTOMER_HOST}/login`, theme);
    await page.getByRole('button', { name: 'Create Account' }).click();
    const create = dialog(page, 'Create Account');
    await expect(create).toBeVisible();
    await expect(field(create, 'Email Address')).toBeFocused();

    // §5: everything required; a short password is refused before any call.
    await create.getByRole('button', { name: 'Create Account' }).click();
    await expect(create.getByText('Required').first()).toBeVisible();
    await field(create, 'Email Address').fill(email);
    await field(create, 'Password').fill('short');
    await field(create, 'Account Number').fill(String(siteNum));
    await field(create, 'Account Passcode').fill(passcode);
    await create.getByRole('button', { name: 'Create Account' }).click();
    await expect(create.getByText('Must be at least 12 characters long')).toBeVisible();
    await field(create, 'Password').fill(PASSWORD);
    await solveCaptcha(create);
    await checkScreen(page, 'create-account', theme);
    const since = Date.now() - 1000;
    await create.getByRole('button', { name: 'Create Account' }).click();
    await expect(create).toBeHidden();
    await expect(page.getByText(`We sent a verification link to ${email}`)).toBeVisible();

    const link = await fromOutbox(page, email, /(\/login\/register\?code=[^\s"<]+)/, since);
    await openIn(page, `${CUSTOMER_HOST}${link}`, theme);
    await expect(page.getByText('Account Verified!')).toBeVisible();
    await expect(page.getByText('Your account has been verified, enter your credentials to gain access')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: /^Login$/ })).toBeVisible();

    // The same link again: already used.
    await openIn(page, `${CUSTOMER_HOST}${link}`, theme);
    await expect(page.getByRole('alert').first()).toBeVisible();
    await checkScreen(page, 'registration-error', theme, 'main');
  });
});

test('a staff-created customer sets the first password from the otp link', async ({ page }) => {
  const link = await fromOutbox(page, DEMO_STAFF_CUSTOMER.email, /(\/login\/register\?otp=[^\s"<]+)/);
  for (const theme of themes) {
    await openIn(page, `${CUSTOMER_HOST}${link}`, theme);
    await expect(page.getByText('Please enter a secure password for your account')).toBeVisible();
    await expect(field(page, 'Password')).toHaveAttribute('maxlength', '32');
    await checkScreen(page, 'registration-password', theme, 'main');
  }
  await field(page, 'Password').fill(PASSWORD);
  await field(page, 'Confirm Password').fill(`${PASSWORD}x`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await field(page, 'Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Password Set!')).toBeVisible();
  await expect(page.getByText('Your password has been set, enter your credentials to gain access')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('with neither code nor otp the page goes to login', async ({ page }) => {
  await openIn(page, `${CUSTOMER_HOST}/login/register`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: /^Login$/ })).toBeVisible();
});
