import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, XSRF } from '../../src/common/constants.js';

/**
 * Signs a demo user in through the API, sharing the browser's cookies, for
 * tests about what comes after sign-in (the sign-in screens have their own
 * journeys in login*.spec.ts).
 */
export async function signIn(page: Page, username: string, { internal = false } = {}) {
  await page.request.get('/api/health');
  const xsrf = (await page.context().cookies()).find((c) => c.name === XSRF.cookie)?.value ?? '';
  const response = await page.request.post('/api/account/login', {
    data: { username, password: DEMO_PASSWORD, internal },
    headers: { [XSRF.header]: xsrf },
  });
  expect(response.status()).toBe(200);
}
