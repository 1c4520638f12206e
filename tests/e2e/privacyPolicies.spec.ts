import { checkA11y } from './a11y.js';
import { expect, test, type Browser } from './fixtures.js';
import { DEMO_PASSWORD, XSRF } from '../../src/common/constants.js';
import { signIn } from './signIn.js';

/**
 * The editors' privacy policy page (Help › Privacy Policy, /privacy-policy): support.admin edits the
 * markdown, previews it, publishes a new version after the confirmation, sees it in the list and
 * opens the earlier one; support.viewer (no canEdit) has no entry and gets Access Denied; a dealer who
 * accepted the old version is asked again at the next sign-in. Checked with axe in both themes.
 * It runs on the first portal, before totp.spec.ts turns on support.viewer's authenticator app there
 * (on the second portal passkeys.spec.ts does so earlier, and the viewer's sign-in would stop at MFA).
 */

async function pageAs(browser: Browser, username: string, viewport = { width: 1440, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, username, { internal: username.startsWith('support.') });
  return page;
}

/**
 * Publishing asks every user to accept the new version at their next sign-in, and the later journeys
 * on this portal sign these demo users in without that step: each accepts the new version here, as
 * they would at sign-in, whether or not the journey got as far as publishing.
 */
const ACCEPTING = [
  { path: '/api/account/login', data: { username: 'support.admin', internal: true } },
  { path: '/api/account/login', data: { username: 'support.viewer', internal: true } },
  { path: '/api/account/login', data: { username: 'dealer.beta' } },
  { path: '/api/account/login', data: { username: 'dealer.classic' } },
  { path: '/api/account/login', data: { username: 'dealer.summit' } },
  { path: '/api/msa/login', data: { email: 'customer@example.com' } },
  { path: '/api/msa/login', data: { email: 'customer.basic@example.com' } },
];

async function acceptAsEveryone(browser: Browser) {
  for (const { path, data } of ACCEPTING) {
    const context = await browser.newContext();
    try {
      const xsrf = async () => (await context.cookies()).find((c) => c.name === XSRF.cookie)?.value ?? '';
      await context.request.get('/api/health');
      const login = await context.request.post(path, {
        data: { ...data, password: DEMO_PASSWORD },
        headers: { [XSRF.header]: await xsrf() },
      });
      expect(login.status(), `${JSON.stringify(data)} signs in`).toBe(200);
      if (!(await login.json()).reqs?.privacyPolicyRequired) continue;
      const accepted = await context.request.put('/api/privacyPolicy/accept', { data: {}, headers: { [XSRF.header]: await xsrf() } });
      expect(accepted.status(), `${JSON.stringify(data)} accepts`).toBe(200);
    } finally {
      await context.close();
    }
  }
}

const stamp = Date.now().toString(36);
const HEADING = `Privacy Policy ${stamp}`;
const TEXT = `# ${HEADING}\n\nWe now keep **less** data.\n\n- Alarm history: 2 years\n- [Contact us](mailto:privacy@example.com)`;

test.describe.serial('privacy policy versions', () => {
  test('support.viewer has no Privacy Policy entry, gets Access Denied on the page and 403 from the API', async ({ browser }) => {
    const viewer = await pageAs(browser, 'support.viewer');
    await viewer.goto('/news');
    await viewer.getByRole('button', { name: 'Help' }).click();
    await expect(viewer.getByRole('menuitem', { name: 'About' })).toBeVisible();
    await expect(viewer.getByRole('menuitem', { name: 'Privacy Policy' })).toHaveCount(0);
    await viewer.keyboard.press('Escape');
    await viewer.goto('/privacy-policy');
    await expect(viewer.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    expect((await viewer.request.get('/api/privacyPolicies')).status()).toBe(403);
  });

  // Before the publish below: a sign-in after it has the policy step first.
  test('the page on a phone: the preview below the editor, the list within the screen', async ({ browser }) => {
    const phone = await pageAs(browser, 'support.admin', { width: 390, height: 844 });
    await phone.goto('/privacy-policy');
    const editor = phone.getByRole('textbox', { name: 'Policy (Markdown)' });
    const preview = phone.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: 'Privacy Policy', exact: true })).toBeVisible();
    const [editorBox, previewBox] = [await editor.boundingBox(), await preview.boundingBox()];
    expect(previewBox!.y).toBeGreaterThan(editorBox!.y + editorBox!.height - 1);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(phone.getByRole('table', { name: 'Versions' }).getByRole('row')).toHaveCount(2);
    await checkA11y(phone, 'privacy-policies', 'phone');
  });

  test('support.admin edits, previews and publishes a new version, sees the list and reads the earlier one', async ({ browser }) => {
    // Two sign-ins, a UI sign-in with the policy step, and axe passes in two themes on a shared machine.
    test.setTimeout(180_000);
    const admin = await pageAs(browser, 'support.admin');
    await admin.goto('/news');
    await admin.getByRole('button', { name: 'Help' }).click();
    await admin.getByRole('menuitem', { name: 'Privacy Policy' }).click();
    await expect(admin).toHaveURL(/\/privacy-policy$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();

    // The editor starts from the latest version; the preview draws it as users see it.
    const editor = admin.getByRole('textbox', { name: 'Policy (Markdown)' });
    await expect(editor).toHaveValue(/^# Privacy Policy\n/);
    const preview = admin.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: 'Privacy Policy', exact: true })).toBeVisible();
    const versions = admin.getByRole('table', { name: 'Versions' });
    await expect(versions.getByRole('row')).toHaveCount(2);
    await expect(versions.getByRole('row').nth(1)).toContainText('Version 1');
    await expect(versions.getByRole('row').nth(1)).toContainText('Current');
    await expect(versions.getByRole('row').nth(1)).toContainText('Sam Support');
    const publish = admin.getByRole('button', { name: 'Publish' });
    // Unchanged: nothing to publish.
    await expect(publish).toBeDisabled();
    await checkA11y(admin, 'privacy-policies', 'editor');

    // Blank is refused beside the input.
    await editor.fill('   ');
    await expect(admin.getByText('Required')).toBeVisible();
    await expect(publish).toBeDisabled();
    await editor.fill(TEXT);
    await expect(preview.getByRole('heading', { name: HEADING })).toBeVisible();
    await expect(preview.getByText('less', { exact: true })).toHaveCSS('font-weight', '700');
    await expect(preview.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', 'mailto:privacy@example.com');

    // Publish asks first; keeping on editing loses nothing.
    await publish.click();
    const confirm = admin.getByRole('dialog', { name: 'Publish this version?' });
    await expect(confirm).toContainText('Every user will be asked to accept the new privacy policy at their next sign-in.');
    await checkA11y(admin, 'privacy-policies', 'confirm', { fullPage: false });
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(editor).toHaveValue(TEXT);
    // A publish that fails says so and keeps the text.
    const failOnce = /\/api\/privacyPolicies(\?|$)/;
    await admin.route(failOnce, (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 400, json: {} }) : route.fallback(),
    );
    await publish.click();
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await expect(admin.getByTestId('privacy-policy-publish-error')).toHaveText(
      'An error occurred while publishing the privacy policy. Your text is still here: try again.',
    );
    await expect(editor).toHaveValue(TEXT);
    await admin.unroute(failOnce);
    await publish.click();
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await expect(admin.getByText('Version 2 of the privacy policy was published')).toBeVisible();
    await expect(admin.getByTestId('privacy-policy-publish-error')).toHaveCount(0);

    // The new version heads the list; the form starts from it, unchanged.
    await expect(versions.getByRole('row')).toHaveCount(3);
    await expect(versions.getByRole('row').nth(1)).toContainText('Version 2');
    await expect(versions.getByRole('row').nth(1)).toContainText('Current');
    await expect(versions.getByRole('row').nth(2)).not.toContainText('Current');
    await expect(editor).toHaveValue(TEXT);
    await expect(publish).toBeDisabled();

    // The earlier version opens read-only, by its own address.
    await versions.getByRole('link', { name: 'Version 1' }).click();
    await expect(admin).toHaveURL(/\/privacy-policy\/1$/);
    const drawer = admin.getByRole('dialog', { name: 'Version 1' });
    await expect(drawer.getByRole('heading', { name: 'Privacy Policy', exact: true })).toBeVisible();
    await expect(drawer).toContainText('Sam Support');
    await expect(drawer.getByRole('textbox')).toHaveCount(0);
    await checkA11y(admin, 'privacy-policies', 'version', { fullPage: false });
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(admin).toHaveURL(/\/privacy-policy$/);

    // A dealer who accepted version 1 is shown version 2 at the next sign-in.
    const dealerContext = await browser.newContext();
    const dealer = await dealerContext.newPage();
    await dealer.goto('/login');
    await dealer.getByPlaceholder('Username').fill('dealer.beta');
    await dealer.getByLabel('Password').fill(DEMO_PASSWORD);
    await dealer.getByRole('button', { name: 'Login', exact: true }).click();
    const policy = dealer.getByRole('dialog');
    await expect(policy.getByRole('heading', { name: HEADING })).toBeVisible();
    await policy.getByLabel('Accept Terms and Conditions').check();
    await policy.getByRole('button', { name: 'Continue' }).click();
    await expect(dealer).toHaveURL(/\/home\/dashboard$/);
  });

  test.afterAll(async ({ browser }) => {
    await acceptAsEveryone(browser);
  });
});
