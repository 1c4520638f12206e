import { expect, test } from './fixtures.js';
import { DEMO_PASSWORD } from '../../src/common/constants.js';
import { solveCaptcha } from './dialogSupport.js';

/**
 * After many failed sign-ins from one network the server asks for a captcha
 * with each attempt (401 {captchaRequired: true}, bruteForce.test.ts). The
 * server's answer is stood in for here, so the shared e2e server's throttle
 * is left alone: the form shows the ALTCHA widget, requires it, and sends
 * its solution with the next login.
 */
test('the login form shows the captcha when the server asks for it, and sends it with the next attempt', async ({ page }) => {
  let asked = false;
  let sentCaptcha: unknown;
  await page.route(/\/api\/account\/login(\?|$)/, async (route) => {
    const body = route.request().postDataJSON() as { captcha?: unknown };
    if (!asked) {
      asked = true;
      await route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The username or password is incorrect.', captchaRequired: true }),
      });
      return;
    }
    sentCaptcha = body.captcha;
    await route.continue();
  });

  await page.goto('/login');
  await expect(page.getByTestId('captcha')).toHaveCount(0);
  await page.getByPlaceholder('Username').fill('dealer.beta');
  await page.getByLabel('Password').fill('wrong-password-123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The username or password is incorrect.' })).toBeVisible();

  // The widget appears; without solving it the form does not submit.
  const form = page.locator('form.login-form');
  await expect(form.getByTestId('captcha')).toBeVisible();
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(form.getByText('Please complete the security check.').first()).toBeVisible();
  expect(sentCaptcha).toBeUndefined();

  await solveCaptcha(form);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect.poll(() => typeof sentCaptcha).toBe('string');
  await expect(page).toHaveURL(/\/home/);
});
