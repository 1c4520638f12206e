import { expect, test, type Page } from './fixtures.js';
import { solveCaptcha } from './dialogSupport.js';
import { signIn } from './signIn.js';

/**
 * The Content-Security-Policy must not break the app: no
 * violation on the login page (with its captcha), the dashboard (with its live hubs over
 * WebSocket), the news page and the framed help centre.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (process.env.CSP_DEBUG) console.log('console:', message.type(), message.text());
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

test('login, dashboard, news and help run under the CSP without a violation', async ({ page }) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/login');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  // The captcha's proof of work runs in a Worker.
  await page.getByRole('button', { name: 'Forgot?' }).click();
  await solveCaptcha(page.getByRole('dialog', { name: 'Forgot Password' }));

  const sockets: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('framereceived', () => {
      const path = new URL(socket.url()).pathname;
      if (!sockets.includes(path)) sockets.push(path);
    });
  });
  await signIn(page, 'dealer.beta');
  await page.goto('/home/dashboard');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  // connect-src 'self' lets the live hubs' WebSockets through.
  await expect.poll(() => sockets.sort(), { timeout: 15_000 }).toEqual(['/hubs/alarms', '/hubs/reports']);

  await page.goto('/news');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto('/knowledge-base?rte=live-alarms.html');
  await expect(page.frameLocator('iframe[title="Help centre"]').getByRole('heading', { name: 'Live alarm notices' })).toBeVisible();

  expect(violations).toEqual([]);
});
