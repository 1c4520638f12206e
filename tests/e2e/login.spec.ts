import { hostname } from 'node:os';
import { checkA11y } from './a11y.js';
import { expect, test, type APIRequestContext } from './fixtures.js';
import { DEMO_PASSWORD } from '../../src/common/constants.js';
import { LOGIN_BUDGET_BYTES, recordFirstLoad, type FirstLoad } from '../bench/loginBundle.js';

/**
 * The sign-in journeys of SPEC §2 and §4 in Chromium, each screen checked with axe-core in
 * the light and the dark theme (with SCREENSHOTS=1, a screenshot of each under test-results/login-*.png).
 */

const PORT = Number(process.env.E2E_PORT ?? 8181);
const MSA_ORIGIN = `http://msa.localhost:${PORT}`;

/**
 * The size budget (not a timing): the JavaScript /login loads without interaction,
 * gzipped, is at most 70 KB; the list of files is the message when it is not.
 */
function expectWithinBudget(load: FirstLoad, name: string) {
  const listing = load.files.map((f) => `${(f.bytes / 1024).toFixed(1)} KB ${new URL(f.url).pathname}`).join(', ');
  console.log(`/login first load (${name}): ${(load.bytes / 1024).toFixed(1)} KB gzipped JavaScript in ${load.files.length} files`);
  expect(load.bytes, `${name}: ${listing}`).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
}

/** The newest 6-digit code sent to `to`, read from the demo outbox (another cookie jar than the page's). */
async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const list = (await response.json()) as unknown;
      if (!Array.isArray(list)) throw new Error(`outbox: ${response.status()} ${JSON.stringify(list)}`);
      code = (list as { text: string }[])[0]?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

test('dealer login page: title, fields, SSO, photo, footer; within the 70 KB budget, no MUI, react-admin, ajv, markdown, captcha or i18next in the first load', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const firstLoad = await recordFirstLoad(page, '/login');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Status banner' })).toBeVisible(); // the demo's banner is counted too
  await expect(page).toHaveTitle(/^Login \| /);
  await expect(page.getByPlaceholder('Username')).toHaveAttribute('maxlength', '50');
  await expect(page.getByRole('button', { name: 'Continue With Single Sign-On' })).toBeVisible();
  await expect(page.getByRole('separator')).toContainText('or');
  await expect(page.getByText(/^Powered by/)).toBeVisible();
  await expect(page.getByTestId('login-photo')).toBeVisible();
  const box = await page.getByTestId('login-photo').boundingBox();
  expect(box!.width).toBeGreaterThan(1440 * 0.5);
  await expect(page.getByRole('button', { name: 'Forgot?' })).toBeVisible();
  expectWithinBudget(firstLoad, 'dealer');
  // What the first load may never hold, read from the source maps: MUI and emotion come with
  // the steps and dialogs (lazyThemed), the rest with the parts that need them.
  const heavy: string[] = [];
  for (const { url } of firstLoad.files) {
    const map = await page.request.get(`${url}.map`);
    if (!map.ok()) continue;
    const { sources } = (await map.json()) as { sources: string[] };
    heavy.push(
      ...sources.filter((src) =>
        /node_modules\/(react-admin|ra-core|ra-ui-materialui|ajv|ajv-formats|ajv-errors|react-markdown|altcha|i18next|@mui\/[^/]+|@emotion\/[^/]+)\//.test(
          src,
        ),
      ),
    );
  }
  expect(heavy).toEqual([]);
  await checkA11y(page, 'login', 'dealer');

  // Enter in the username moves to the password until both are valid, then submits.
  await page.getByPlaceholder('Username').fill('dealer.beta');
  await page.getByPlaceholder('Username').press('Enter');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.getByLabel('Password').fill('wrong-password-123');
  await page.getByPlaceholder('Username').press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: /incorrect|error/i })).toBeVisible();

  // Internal login hides 'Forgot?'.
  await page.goto('/login?internal=true');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Forgot?' })).toHaveCount(0);
});

test('dealer.newuser goes through every login step to the dashboard', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.goto('/login?returnUrl=%2Fhome%2Fdashboard');
  await page.getByPlaceholder('Username').fill('dealer.newuser');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  // contactInfo
  await expect(page.getByText('Setup multi-factor authentication (MFA) for your account')).toBeVisible();
  await checkA11y(page, 'login', 'contact-info');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Required')).toBeVisible();
  await page.getByLabel('Email or Phone').fill('newuser@example.com');
  await page.getByRole('button', { name: 'Update' }).click();

  // mfaVerify: masked destination, 30 s resend block, remember device on by default.
  await expect(page.getByText(/newu\*+/)).toBeVisible();
  await expect(page.getByRole('timer')).toContainText(/\d+ s/);
  await expect(page.getByLabel('Remember this device?')).toBeChecked();
  await checkA11y(page, 'login', 'mfa');
  await page.getByLabel('Code').fill('000000');
  await expect(page.getByRole('alert').first()).toBeVisible();
  const code = await latestCode(request, 'newuser@example.com');
  await page.getByLabel('Code').fill(code);

  // usernameReset
  await expect(page.getByLabel('New Username')).toBeVisible();
  await checkA11y(page, 'login', 'username');
  await page.getByLabel('New Username').fill('12345');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('At least one letter is required')).toBeVisible();
  await page.getByLabel('New Username').fill(`new.user.${Date.now() % 100000}`);
  await page.getByRole('button', { name: 'Update' }).click();

  // securityQuestions
  await expect(page.getByText('Please update your security questions below.')).toBeVisible();
  await checkA11y(page, 'login', 'security-questions');
  for (let i = 1; i <= 3; i++) {
    await page.getByLabel(`Question ${i}`, { exact: true }).click();
    await page
      .getByRole('option')
      .nth(i - 1)
      .click();
    await page.getByLabel(`Answer ${i}`).fill(`answer ${i}`);
  }
  await page.getByRole('button', { name: 'Save' }).click();

  // passwordReset: no current password, the requirements flyout.
  await expect(page.getByText('In order to meet our current security standards, please update your password.')).toBeVisible();
  await expect(page.getByLabel(/current password/i)).toHaveCount(0);
  await page.getByLabel('New Password').focus();
  await expect(page.getByText('Password requirements')).toBeVisible();
  await checkA11y(page, 'login', 'password');
  await page.getByLabel('New Password').fill('Correct-Horse-Battery-42');
  await page.getByLabel('Confirm Password').fill('Correct-Horse-Battery-42');
  await page.getByRole('button', { name: 'Save' }).click();

  // terms, then the privacy policy.
  await expect(page.getByRole('dialog', { name: 'Terms and Conditions' })).toBeVisible();
  await checkA11y(page, 'login', 'terms');
  await page.getByRole('button', { name: 'Accept' }).click();
  const privacy = page.getByRole('dialog');
  await expect(privacy.getByText('Accept Terms and Conditions')).toBeVisible();
  await checkA11y(page, 'login', 'privacy');
  await privacy.getByLabel('Accept Terms and Conditions').check();
  await privacy.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/home\/dashboard$/);
});

test('the customer signs in on the customer host', async ({ page }) => {
  expectWithinBudget(await recordFirstLoad(page, `${MSA_ORIGIN}/login`), 'customer');
  await expect(page).toHaveTitle('Login | My Security Account');
  await expect(page.getByPlaceholder('Email Address')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue With Single Sign-On' })).toHaveCount(0);
  await expect(page.getByTestId('login-photo')).toHaveCount(0);
  await checkA11y(page, 'login', 'customer');
  await page.getByPlaceholder('Email Address').fill('not-an-email');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Must be a valid email')).toBeVisible();
  await page.getByPlaceholder('Email Address').fill('customer@example.com');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/msa\.localhost:\d+\/msa\/summary$/, { timeout: 15_000 });
});

test('a signed-in user who opens the login page goes to the dashboard', async ({ page }) => {
  await page.goto('/login');
  await page.getByPlaceholder('Username').fill('dealer.beta');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/home\/dashboard$/, { timeout: 15_000 });
  await page.goto('/login');
  await expect(page).toHaveURL(/\/home\/dashboard$/, { timeout: 15_000 });
});

// The portal reached at another address than PUBLIC_URL's (localhost): 127.0.0.1, as many type for a
// local server, and the machine's own name. Sign-in writes from there are the page's own origin.
for (const host of ['127.0.0.1', hostname()]) {
  test(`dealer.beta signs in at http://${host}:port through /loginSession, the same page as /login`, async ({ page }) => {
    await page.goto(`http://${host}:${PORT}/loginSession`);
    await expect(page).toHaveTitle(/^Login/);
    await page.getByPlaceholder('Username').fill('dealer.beta');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`^http://${host.replace(/\./g, '\\.')}:${PORT}/home/dashboard$`), { timeout: 15_000 });
    await page.goto(`http://${host}:${PORT}/loginSession`);
    await expect(page).toHaveURL(/\/home\/dashboard$/, { timeout: 15_000 });
  });
}

test('dealer.classic is handed to the classic portal', async ({ page }) => {
  await page.goto('/login');
  await page.getByPlaceholder('Username').fill('dealer.classic');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/classic/, { timeout: 15_000 });
  await expect(page.getByText('dealer.classic')).toBeVisible();
});

test('signed out, a portal page sends the browser to the login with its returnUrl; SSO errors are shown', async ({ page }) => {
  await page.goto('/news');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fnews$/);
  await page.goto('/login?error=ssoError');
  await expect(page.getByText('There was an error logging you in with SSO')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
