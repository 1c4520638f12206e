import { expect, test } from './fixtures.js';
import { checkA11y } from './a11y.js';
import { signIn } from './signIn.js';

/**
 * The answering service in Chromium as dealer.beta (level8, ansServiceBlockFlag, group
 * 9993 with the service): the demo rota's gap is flagged, an entry added over it clears it; a
 * message marked handled; 'Send test' of an auto-notify rule answers. axe in light and dark on
 * each screen (screenshots in test-results/ans-*.png).
 */
test('the on-call week flags the gap, and an entry over it clears it', async ({ page }) => {
  await signIn(page, 'dealer.beta');
  await page.goto('/ans-service/on-call');
  await expect(page.getByRole('heading', { name: 'On Call', level: 1 })).toBeVisible();
  const gaps = page.getByTestId('on-call-gaps');
  await expect(gaps).toContainText('1 gap');
  await expect(gaps).toContainText('Nobody on call');
  await checkA11y(page, 'ans', 'on-call');

  await page.getByRole('link', { name: 'Add entry' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add on-call entry' });
  await expect(drawer).toBeVisible();
  // The new entry starts as the gap.
  await expect(drawer.getByLabel('From')).not.toHaveValue('');
  await drawer.getByLabel('Name').fill('Sam Backup');
  await drawer.getByLabel('Number or address').fill('+1 312 555 0199');
  // The form's submit (the contact methods' own 'Add' adds a method).
  await drawer.locator('button[type=submit]').click();
  await expect(page.getByTestId('on-call-covered')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Sam Backup' })).toBeVisible();
});

test('messages: search, mark handled; auto-notify: send test', async ({ page }) => {
  await signIn(page, 'dealer.beta');
  await page.goto('/ans-service/messages');
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await checkA11y(page, 'ans', 'messages', { fullPage: false });
  const handle = page.getByRole('button', { name: /^Mark the message from/ }).first();
  await handle.click();
  await expect(page.getByText('Message marked handled.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /\/api\/ansMessages\/export\?filter=/);

  await page.goto('/ans-service/auto-notify');
  await page.getByRole('button', { name: 'Send a test of Billing questions to the office' }).click();
  await expect(page.getByText(/Test written to the outbox for dealer\.beta@example\.com/)).toBeVisible();
  await checkA11y(page, 'ans', 'auto-notify');
});

test('business hours say whether the office is open; the holidays list the demo Christmas', async ({ page }) => {
  await signIn(page, 'dealer.beta');
  await page.goto('/ans-service/business-hours');
  await expect(page.getByTestId('office-open-now')).toBeVisible();
  await checkA11y(page, 'ans', 'business-hours');
  await page.goto('/ans-service/temp-business-hours');
  await expect(page.getByRole('cell', { name: 'Christmas Day' })).toBeVisible();
  await checkA11y(page, 'ans', 'temp-business-hours');
});
