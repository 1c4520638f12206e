import { expect, test } from './fixtures.js';
import { checkA11y, shot } from './a11y.js';
import { signIn } from './signIn.js';

/**
 * Request ids: a failed call's request id on the server-error page, and Report Bug
 * carrying it to Contact Us. The failure is made in the browser (the news list answered 503), but
 * the id is the real server's: the answer keeps the portal's own X-Request-Id header.
 */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/;

test("the server-error page shows the failed call's request id, and Report Bug sends it", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('color-mode', 'light'));
  await signIn(page, 'dealer.beta');
  let requestId = '';
  await page.route(
    (url) => url.pathname === '/api/news',
    async (route) => {
      const real = await route.fetch();
      requestId = real.headers()['x-request-id'] ?? '';
      await route.fulfill({
        status: 503,
        headers: { 'content-type': 'application/json', 'x-request-id': requestId },
        body: JSON.stringify({ message: 'The service is busy. Please try again in a few seconds.' }),
      });
    },
  );
  await page.goto('/news');
  await expect(page).toHaveURL(/\/server-error$/);
  await expect(page.getByRole('heading', { name: '503 Error' })).toBeVisible();
  expect(requestId).toMatch(UUID);
  await expect(page.getByTestId('request-id')).toHaveText(`Request ID: ${requestId}`);
  await checkA11y(page, 'ops', 'server-error-request-id', { fullPage: false });

  await page.getByRole('button', { name: 'Report Bug' }).click();
  await expect(page).toHaveURL(new RegExp(`/home/contact-us\\?topic=bug&requestId=${requestId}$`));
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(`Request ID: ${requestId}\n\n`);
  await shot(page, 'ops-contact-us-request-id');
  await context.close();
});
