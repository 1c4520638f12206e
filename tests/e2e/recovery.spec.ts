import { expect, test, type Page } from './fixtures.js';
import { DEMO_PASSWORD, XSRF } from '../../src/common/constants.js';
import { DEMO_SECURITY_QUESTIONS, DEMO_SHARED_CONTACT_DEALER } from '../../src/server/db/seed/demo/users.js';
import { checkScreen, dialog, field, fromOutbox, openIn, solveCaptcha, type Theme } from './dialogSupport.js';

/**
 * SPEC §2 'Forgot-password dialog', 'Forgot-username dialog', §4 'Forgot
 * password (dealer)', '(customer)', 'Forgot username', §5, §8 409: the
 * dialogs in a real browser against the demo server.
 */

const PORT = Number(process.env.E2E_PORT ?? 8181);
const CUSTOMER_HOST = `http://msa.localhost:${PORT}`;
const NEW_PASSWORD = 'Lantern-Orchard-4417';

async function apiLogin(page: Page, path: string, data: Record<string, unknown>) {
  await page.request.get('/api/health');
  const xsrf = (await page.context().cookies(`http://localhost:${PORT}`)).find((c) => c.name === XSRF.cookie)?.value ?? '';
  return page.request.post(path, { data, headers: { [XSRF.header]: xsrf } });
}

/** §4 dealer: verify, answer the questions, new password; 'Password changed successfully'. */
async function dealerRecovery(page: Page, newPassword: string, { theme, check }: { theme: Theme; check: boolean }) {
  await openIn(page, '/login', theme);
  await page.getByRole('button', { name: 'Forgot?' }).click();
  const forgot = dialog(page, 'Forgot Password');
  await expect(forgot).toBeVisible();
  await expect(forgot.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(forgot.getByRole('button', { name: 'Next' })).toBeVisible();
  if (check) {
    // §5: nothing typed.
    await forgot.getByRole('button', { name: 'Next' }).click();
    await expect(forgot.getByText('Please provide a username and a email, or phone number before submitting a request.')).toBeVisible();
    await checkScreen(page, 'forgot-password-verify', theme);
  }
  await field(forgot, 'Username').fill('dealer.beta');
  await field(forgot, 'Email or Phone').fill('dealer.beta@example.com');
  await solveCaptcha(forgot);
  await forgot.getByRole('button', { name: 'Next' }).click();

  for (const { question, answer } of DEMO_SECURITY_QUESTIONS) await forgot.getByLabel(question).fill(answer);
  await expect(forgot.getByRole('button', { name: 'Back' })).toBeVisible();
  if (check) await checkScreen(page, 'forgot-password-questions', theme);
  await forgot.getByRole('button', { name: 'Next' }).click();

  await expect(forgot.getByRole('button', { name: 'Done' })).toBeVisible();
  await field(forgot, 'New Password').fill(newPassword);
  await field(forgot, 'Confirm Password').fill(newPassword);
  if (check) {
    await forgot.getByRole('button', { name: 'Show password requirements' }).click();
    await expect(page.getByRole('dialog', { name: 'Password requirements' })).toBeVisible();
    await checkScreen(page, 'forgot-password-new', theme, 'body');
    await page.keyboard.press('Escape');
  }
  await forgot.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();
  await expect(forgot).toBeHidden();
}

test.describe('forgot password (dealer)', () => {
  test('dealer.beta resets the password with the contact and the security answers', async ({ page }) => {
    test.setTimeout(120_000);
    await dealerRecovery(page, NEW_PASSWORD, { theme: 'light', check: true });
    expect((await apiLogin(page, '/api/account/login', { username: 'dealer.beta', password: NEW_PASSWORD })).status()).toBe(200);
    expect((await apiLogin(page, '/api/account/login', { username: 'dealer.beta', password: DEMO_PASSWORD })).status()).toBe(401);
    // Back to the demo password for the other journeys (dark mode this time).
    const second = await page.context().browser()!.newContext();
    await dealerRecovery(await second.newPage(), DEMO_PASSWORD, { theme: 'dark', check: true });
    await second.close();
  });

  test('a wrong contact fails without saying which part was wrong, and the captcha starts over', async ({ page }) => {
    await openIn(page, '/login');
    await page.getByRole('button', { name: 'Forgot?' }).click();
    const forgot = dialog(page, 'Forgot Password');
    await field(forgot, 'Username').fill('dealer.beta');
    await field(forgot, 'Email or Phone').fill('someone.else@example.com');
    await solveCaptcha(forgot);
    await forgot.getByRole('button', { name: 'Next' }).click();
    await expect(forgot.getByRole('alert').first()).toBeVisible();
    await expect(forgot.getByRole('button', { name: 'Cancel' })).toBeVisible(); // still step 0
    await expect(forgot.locator('.altcha[data-state="verified"]')).toHaveCount(0);
    await forgot.getByRole('button', { name: 'Cancel' }).click();
    await expect(forgot).toBeHidden();
  });
});

/**
 * When the customer's password was reset here: the way back to the demo password (the last journey
 * of this file) waits out what is left of the 30 s resend block, the journeys in between having used
 * most of it.
 */
let customerResetAt: number | undefined;
const RESEND_BLOCK_MS = 31_000;

/** §4 customer: email, emailed code, new password with the captcha. */
async function customerRecovery(page: Page, newPassword: string, theme: Theme) {
  await openIn(page, `${CUSTOMER_HOST}/login`, theme);
  await page.getByRole('button', { name: 'Forgot?' }).click();
  const forgot = dialog(page, 'Forgot Password');
  await field(forgot, 'Email Address').fill('customer@example.com');
  await checkScreen(page, 'customer-forgot-email', theme);
  const since = Date.now() - 1000;
  await forgot.getByRole('button', { name: 'Next' }).click();
  const code = await fromOutbox(page, 'customer@example.com', /\b(\d{6})\b/, since);
  await field(forgot, 'Code').fill(code);
  await forgot.getByRole('button', { name: 'Next' }).click();
  await field(forgot, 'New Password').fill(newPassword);
  await field(forgot, 'Confirm Password').fill(newPassword);
  await solveCaptcha(forgot);
  await checkScreen(page, 'customer-forgot-password', theme);
  await forgot.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Your password has been reset. Please login with your new password.')).toBeVisible();
  await expect(forgot).toBeHidden();
}

test.describe('forgot password (customer)', () => {
  test('customer@example.com resets the password with the emailed code', async ({ page }) => {
    await customerRecovery(page, NEW_PASSWORD, 'light');
    customerResetAt = Date.now();
    expect((await apiLogin(page, '/api/msa/login', { email: 'customer@example.com', password: NEW_PASSWORD })).status()).toBe(200);
  });
});

test.describe('forgot username', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`sends the username with a neutral notice (${theme})`, async ({ page }) => {
      await openIn(page, '/login', theme);
      await page.getByRole('button', { name: 'Forgot?' }).click();
      await dialog(page, 'Forgot Password').getByRole('button', { name: 'Forgot Username?' }).click();
      const forgot = dialog(page, 'Forgot Username');
      await expect(forgot).toBeVisible();
      await field(forgot, 'Email or Phone').fill('dealer.beta@example.com');
      await solveCaptcha(forgot);
      await checkScreen(page, 'forgot-username', theme);
      const since = Date.now() - 1000;
      await forgot.getByRole('button', { name: 'Send Username' }).click();
      await expect(
        page.getByText('Your username has been sent to the provided contact information, if it exists in our system'),
      ).toBeVisible();
      expect(await fromOutbox(page, 'dealer.beta@example.com', /(dealer\.beta)/, since)).toBe('dealer.beta');
      // Back to the forgot-password dialog.
      await expect(dialog(page, 'Forgot Password')).toBeVisible();
    });
  }

  test('a shared contact asks for the dealer number (409), and the captcha starts over', async ({ page }) => {
    await openIn(page, '/login');
    await page.getByRole('button', { name: 'Forgot?' }).click();
    await dialog(page, 'Forgot Password').getByRole('button', { name: 'Forgot Username?' }).click();
    const forgot = dialog(page, 'Forgot Username');
    await field(forgot, 'Email or Phone').fill(DEMO_SHARED_CONTACT_DEALER.email);
    await solveCaptcha(forgot);
    await forgot.getByRole('button', { name: 'Send Username' }).click();
    await expect(forgot.getByText('Dealer Number Required')).toBeVisible();
    await expect(forgot.locator('.altcha[data-state="verified"]')).toHaveCount(0);
    await checkScreen(page, 'forgot-username-dealer-number', 'light');
    await field(forgot, 'Dealer Number').fill('0000');
    await solveCaptcha(forgot);
    await forgot.getByRole('button', { name: 'Send Username' }).click();
    await expect(forgot.getByText('Contact Dealer Support')).toBeVisible();
    await field(forgot, 'Dealer Number').fill(DEMO_SHARED_CONTACT_DEALER.dealerNumber);
    await solveCaptcha(forgot);
    const since = Date.now() - 1000;
    await forgot.getByRole('button', { name: 'Send Username' }).click();
    await expect(
      page.getByText('Your username has been sent to the provided contact information, if it exists in our system'),
    ).toBeVisible();
    expect(await fromOutbox(page, DEMO_SHARED_CONTACT_DEALER.email, /(dealer\.summit)/, since)).toBe(DEMO_SHARED_CONTACT_DEALER.username);
  });
});

test.describe('forgot password (customer), back to the demo password', () => {
  test('customer@example.com resets it again in dark mode once the resend block is over', async ({ page }) => {
    test.setTimeout(90_000);
    // A retry runs in a new worker, which does not know when the first reset was: the whole block then.
    const left = customerResetAt === undefined ? RESEND_BLOCK_MS : customerResetAt + RESEND_BLOCK_MS - Date.now();
    if (left > 0) await page.waitForTimeout(left);
    await customerRecovery(page, DEMO_PASSWORD, 'dark');
    expect((await apiLogin(page, '/api/msa/login', { email: 'customer@example.com', password: DEMO_PASSWORD })).status()).toBe(200);
  });
});
