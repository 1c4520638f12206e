import { expect, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, XSRF } from '../../src/common/constants.js';

/**
 * Signs a demo user in through the API, sharing the browser's cookies, for
 * tests about what comes after sign-in (the sign-in screens have their own
 * journeys in login*.spec.ts).
 */
export async function signIn(page: Page, username: string, { internal = false } = {}) {
  await page.request.get('/api/health');
  const response = await page.request.post('/api/account/login', {
    data: { username, password: DEMO_PASSWORD, internal },
    headers: await xsrfHeader(page),
  });
  expect(response.status()).toBe(200);
  // dealer.beta works in group 9993 in every journey; one that switched away and then failed before
  // switching back must not leave the next journeys in another group.
  if (username === 'dealer.beta') {
    const home = await page.request.put('/api/user/accountGroup', { data: { siteGroupNum: 9993 }, headers: await xsrfHeader(page) });
    expect(home.status()).toBe(200);
  }
}

/** A customer's page (SPEC §7 customer login, with the email), optionally in Spanish and dark. */
export async function customerPage(
  browser: Browser,
  viewport: { width: number; height: number },
  { locale, colorScheme, email = 'customer@example.com' }: { locale?: 'es'; colorScheme?: 'light' | 'dark'; email?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport, colorScheme });
  const page = await context.newPage();
  if (locale) await page.addInitScript((lang) => localStorage.setItem('locale', lang), locale);
  await signInCustomer(page, email);
  return page;
}

/** Signs a customer in through the API with their email (SPEC §7 customer login). */
export async function signInCustomer(page: Page, email: string) {
  await page.request.get('/api/health');
  const response = await page.request.post('/api/msa/login', { data: { email, password: DEMO_PASSWORD }, headers: await xsrfHeader(page) });
  expect(response.status()).toBe(200);
}

/** The header of the XSRF token (csrf.ts) a write sends, from the browser's cookie. */
async function xsrfHeader(page: Page): Promise<Record<string, string>> {
  return { [XSRF.header]: (await page.context().cookies()).find((c) => c.name === XSRF.cookie)?.value ?? '' };
}
