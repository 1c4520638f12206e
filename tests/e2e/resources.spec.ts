import { APPLICATION } from '../../src/common/constants.js';
import { rulesFor } from '../../src/common/access.js';
import { RESOURCE_PAGES } from '../../src/web/resources/resourceNames.js';
import { expect, test, type Page } from './fixtures.js';
import { customerPage, signIn } from './signIn.js';

/**
 * Every resource whose list is a page (src/web/resources/resourceNames.ts), generated from the
 * table: its page opens from the demo data for the demo user of the application its access entry
 * lets list it (README: support.admin, dealer.beta and customer@example.com see every page of
 * their application), on a desktop and on a phone, with its title, no load error and its records
 * or its empty state. A resource added to the table is checked here without a line more.
 */

const USER_OF_APPLICATION: Record<number, string> = {
  [APPLICATION.internal]: 'support.admin',
  [APPLICATION.dealer]: 'dealer.beta',
  [APPLICATION.customer]: 'customer@example.com',
};

const pages = Object.entries(RESOURCE_PAGES).map(([name, { access }]) => {
  const application = rulesFor(access, 'list')[0]?.apps[0];
  return { name, application, user: application === undefined ? undefined : USER_OF_APPLICATION[application] };
});

async function openAs(page: Page, user: string) {
  if (user.includes('@')) return;
  await signIn(page, user, { internal: user.startsWith('support.') });
}

async function expectListPage(page: Page, path: string) {
  // A page that failed to load shows §8's message; what it failed on is an API answer of 400 or more.
  const failed: string[] = [];
  const record = (response: { url(): string; status(): number }) => {
    if (response.url().includes('/api/') && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  };
  page.on('response', record);
  await page.goto(path);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  await expect(heading).not.toHaveText('Access Denied');
  await expect(heading).not.toHaveText('Page Not Found');
  // Loaded: no progress bar left, then records (a table row, a card link, a list item) or the designed empty state.
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
  const main = page.locator('main');
  const content = main
    .getByRole('row')
    .or(main.getByRole('link'))
    .or(main.getByRole('listitem'))
    .or(main.locator('[data-testid$="empty"]'));
  await expect(content.first()).toBeVisible();
  page.off('response', record);
  expect(failed, path).toEqual([]);
}

test.describe('every page resource opens from the demo data', () => {
  test('the table names a demo user for each page', () => {
    for (const { name, user } of pages) expect(user, name).toBeTruthy();
  });

  for (const viewport of [
    { kind: 'desktop', width: 1280, height: 900 },
    { kind: 'phone', width: 390, height: 844 },
  ] as const) {
    test(`each page on a ${viewport.kind}`, async ({ browser }) => {
      test.setTimeout(180_000);
      for (const user of new Set(pages.map((p) => p.user!))) {
        const page = user.includes('@')
          ? await customerPage(browser, viewport)
          : await browser.newPage({ viewport: { width: viewport.width, height: viewport.height } });
        await openAs(page, user);
        for (const { name } of pages.filter((p) => p.user === user)) {
          await test.step(`${user} opens /${name}`, () => expectListPage(page, `/${name}`));
        }
        await page.context().close();
      }
    });
  }
});
