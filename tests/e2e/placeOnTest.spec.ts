import { expect, test, type Page } from './fixtures.js';
import type { SiteDetail } from '../../schemas/sites.js';
import type { SiteTest } from '../../schemas/tests.js';
import { checkA11y } from './a11y.js';
import { signIn } from './signIn.js';

/**
 * Place on test in Chromium: dealer.beta places a zone of a showcase account on test
 * for 2 hours from /site/info, sees the account's status tag and the dashboard's on-test tile
 * change, extends it by 2 hours from the panel ('Change'), then ends the test from the tests panel
 * (with its confirmation) and sees both come back. The accounts list's row menu is within a
 * 1280 px window without scrolling sideways, and on a phone's cards. axe in light and dark on the
 * dialogs and the panel (screenshots test-results/place-on-test-*.png).
 */

/** A showcase account of group 9993 that is active in the demo (demo/showcaseSites.ts DEMO_SHOWCASE_SITES). */
const SITE_NUM = 100101;

/** A date and time as the panel writes it in the account's time zone (whitespace as Playwright reads it). */
function inZone(iso: string, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return text.replace(/\s+/g, ' ');
}

async function onTestCount(page: Page): Promise<number> {
  await page.goto('/home/dashboard');
  const tile = page.getByRole('region', { name: 'On test now' });
  const figure = tile.locator('p.MuiTypography-h4');
  await expect(figure).toBeVisible();
  return Number((await figure.innerText()).replace(/\D/g, ''));
}

test('dealer.beta places a zone on test for 2 hours, sees the status and the dashboard change, then ends it', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'dealer.beta');
  const detail = (await (await page.request.get(`/api/sites/${SITE_NUM}`)).json()) as SiteDetail;
  const device = detail.devices[0];
  const zone = detail.zones.find((z) => z.devNum === device.devNum)!;
  const before = await onTestCount(page);

  await page.goto(`/site/info?sn=${SITE_NUM}`);
  const header = page.getByRole('heading', { level: 2 }).locator('xpath=../..');
  await expect(header.getByText('Active', { exact: true })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Tests' });
  await expect(panel.getByText('No test in force or scheduled.')).toBeVisible();

  await page.getByRole('button', { name: 'Place on test' }).click();
  const dialog = page.getByRole('dialog', { name: `Place ${detail.siteName} on test` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: 'Chosen zones' }).check();
  await expect(dialog.getByRole('combobox', { name: 'Device' })).toContainText(`Device ${device.devNum}`);
  await dialog.getByRole('checkbox', { name: `Zone ${zone.zoneNum}: ${zone.description}` }).check();
  // 2 hours is the default; the end shows in the account's time zone.
  await expect(dialog.getByRole('button', { name: '2 hours' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByTestId('test-ends-at')).toContainText(`(${detail.timeZone})`);
  // The reason is required: submitting without one says so and keeps the choices.
  await dialog.getByRole('button', { name: 'Place on test' }).click();
  await expect(dialog.getByText('Enter a reason.')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: `Zone ${zone.zoneNum}: ${zone.description}` })).toBeChecked();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Replacing the door contact');
  await checkA11y(page, 'place-on-test', 'dialog-1280', { fullPage: false });

  await dialog.getByRole('button', { name: 'Place on test' }).click();
  await expect(dialog).toBeHidden();
  await expect(header.getByText('On test', { exact: true })).toBeVisible();
  await expect(panel.getByText(`Device ${device.devNum}, zones ${zone.zoneNum}`)).toBeVisible();
  await expect(panel.getByText('In force')).toBeVisible();
  await expect(panel.getByText('Reason: Replacing the door contact')).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await checkA11y(page, 'place-on-test', 'panel-1280', { fullPage: false });

  // The device table gives the end in the account's time zone too, zone named.
  await expect(page.getByText(new RegExp(`^On test until .+ \\(${detail.timeZone.replace('/', '\\/')}\\)$`)).first()).toBeVisible();

  // Extend it by 2 hours from the panel: the new end shows before saving, then in the panel.
  const tests = (await (
    await page.request.get(`/api/tests?filter=${JSON.stringify({ siteNum: SITE_NUM, active: true })}`)
  ).json()) as SiteTest[];
  const placed = tests.find((t) => t.reason === 'Replacing the door contact')!;
  const extended = new Date(Date.parse(placed.endsAt) + 2 * 3_600_000).toISOString();
  await panel.getByRole('button', { name: `Change test: Device ${device.devNum}, zones ${zone.zoneNum}` }).click();
  const change = page.getByRole('dialog', { name: `Change test: Device ${device.devNum}, zones ${zone.zoneNum}` });
  await expect(change.getByTestId('test-current-end')).toContainText(inZone(placed.endsAt, detail.timeZone));
  await change.getByRole('button', { name: 'Extend by 2 hours' }).click();
  await expect(change.getByRole('button', { name: 'Extend by 2 hours' })).toHaveAttribute('aria-pressed', 'true');
  await expect(change.getByTestId('test-new-end')).toContainText(`New end: ${inZone(extended, detail.timeZone)} (${detail.timeZone})`);
  // The reason stays required.
  await change.getByRole('textbox', { name: 'Reason' }).fill(' ');
  await change.getByRole('button', { name: 'Save' }).click();
  await expect(change.getByText('Enter a reason.')).toBeVisible();
  await change.getByRole('textbox', { name: 'Reason' }).fill('Door contact on back order');
  await checkA11y(page, 'place-on-test', 'change-1280', { fullPage: false });
  await change.getByRole('button', { name: 'Save' }).click();
  await expect(change).toBeHidden();
  await expect(panel.getByText(`Ends ${inZone(extended, detail.timeZone)} (${detail.timeZone})`)).toBeVisible();
  await expect(panel.getByText('Reason: Door contact on back order')).toBeVisible();
  await expect(page.getByText(`On test until ${inZone(extended, detail.timeZone)} (${detail.timeZone})`).first()).toBeVisible();
  expect(((await (await page.request.get(`/api/tests/${placed.id}`)).json()) as SiteTest).endsAt).toBe(extended);

  expect(await onTestCount(page)).toBe(before + 1);

  // End it now: the confirmation first, then the status and the dashboard come back.
  await page.goto(`/site/info?sn=${SITE_NUM}`);
  await panel.getByRole('button', { name: `End test now: Device ${device.devNum}, zones ${zone.zoneNum}` }).click();
  const confirm = page.getByRole('dialog', { name: 'End this test now?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'End test now' }).click();
  await expect(panel.getByText('No test in force or scheduled.')).toBeVisible();
  await expect(header.getByText('Active', { exact: true })).toBeVisible();
  expect(await onTestCount(page)).toBe(before);
});

test('the accounts list row menu is in view at 1280 px and on phone cards, and opens the dialog; a phone gets it full screen', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'dealer.beta');
  await page.goto('/sites');
  // Every row's menu is within the window without scrolling the table sideways.
  const menus = page.getByRole('button', { name: /^Actions for / });
  await expect(menus.first()).toBeVisible();
  for (const menu of (await menus.all()).slice(0, 5)) {
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
  }
  expect(await page.locator('.RaDataTable-tableWrapper').evaluate((el) => el.scrollLeft)).toBe(0);
  await checkA11y(page, 'place-on-test', 'list-1280', { fullPage: false });
  await page.getByRole('textbox', { name: 'Search accounts' }).fill(String(SITE_NUM));
  const row = page.getByRole('row').filter({ hasText: String(SITE_NUM) });
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Place on test' }).click();
  const dialog = page.getByRole('dialog', { name: /on test$/ });
  await expect(dialog.getByRole('radio', { name: 'Whole account' })).toBeChecked();
  await expect(page).toHaveURL(/\/sites/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/site/info?sn=${SITE_NUM}`);
  await page.getByRole('button', { name: 'Place on test' }).click();
  const phoneDialog = page.getByRole('dialog', { name: /on test$/ });
  await phoneDialog.getByRole('radio', { name: 'Event kinds' }).check();
  await phoneDialog.getByRole('button', { name: 'Custom' }).click();
  await checkA11y(page, 'place-on-test', 'dialog-390', { fullPage: false });
  const box = await phoneDialog.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(389);
  await phoneDialog.getByRole('button', { name: 'Cancel' }).click();

  // The phone's cards offer the same menu.
  await page.goto('/sites');
  const cardMenu = page.getByRole('button', { name: /^Actions for / }).first();
  await expect(cardMenu).toBeVisible();
  const cardBox = (await cardMenu.boundingBox())!;
  expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(390);
  await cardMenu.click();
  await expect(page.getByRole('menuitem', { name: 'Place on test' })).toBeVisible();
  await page.keyboard.press('Escape');
  await checkA11y(page, 'place-on-test', 'list-390', { fullPage: false });
});
