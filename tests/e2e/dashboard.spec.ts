import { expect, test } from './fixtures.js';
import { checkA11y, shot } from './a11y.js';
import { signIn } from './signIn.js';

test('the dashboard shows the group at a glance, links a status to the filtered list, passes axe', async ({ page }) => {
  await signIn(page, 'dealer.beta');
  await page.goto('/home/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const accounts = page.getByRole('region', { name: 'Accounts by status' });
  await expect(accounts.getByText(/accounts in this group/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Events per day, last 30 days, by kind' }).locator('svg').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Top 10 accounts by alarms, last 30 days' }).getByRole('listitem').first()).toBeVisible();
  await checkA11y(page, 'dashboard', 'desktop');

  await accounts.getByRole('link', { name: /On test/ }).click();
  await expect(page).toHaveURL(/\/sites\?filter=%7B%22status%22%3A%22onTest%22%7D$/);

  // /home is the dashboard too; on a phone, one column.
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  // The columns follow the viewport once the page has re-rendered: the second tile moves under the first.
  await expect
    .poll(async () => {
      const [tile1, tile2] = await Promise.all([
        page.locator('section[aria-label="Accounts by status"]').boundingBox(),
        page.locator('section[aria-label="Alarms"]').boundingBox(),
      ]);
      return tile2!.y > tile1!.y + tile1!.height - 1;
    })
    .toBe(true);
  await shot(page, 'dashboard-phone', { fullPage: true });
});
