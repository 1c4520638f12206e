import { expect, test, type Browser, type Page } from './fixtures.js';
import { checkA11y, keepScreenshots, setColorMode, shot } from './a11y.js';
import { signIn, signInCustomer } from './signIn.js';

/**
 * The header on a phone (SPEC §2 header bar, §9 small screen): at 390 × 844 every
 * header control is on screen, the actions and the user menu (Log Out) are in one overflow
 * menu, and the switcher is in the drawer, where it opens a bottom sheet. axe in light and
 * dark; screenshots test-results/compact-*.png. At 1280 × 800 the bar is as before.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const USERS = {
  customer: {
    username: 'customer@example.com',
    home: /\/msa\/summary/,
    switcher: 'Account',
    other: 'Carter Lake House',
    back: 'Carter Residence',
  },
  dealer: { username: 'dealer.beta', home: /\/home\/dashboard$/, switcher: 'Account group', other: /^4120 - /, back: /^9993 - / },
} as const;

async function pageAs(browser: Browser, username: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  if (username.includes('@')) await signInCustomer(page, username);
  else await signIn(page, username);
  return page;
}

/** Every visible control of the header bar lies inside the viewport. */
async function expectHeaderOnScreen(page: Page, width: number) {
  const controls = page.getByRole('banner').locator('button, a[href], input, [role="combobox"]');
  const count = await controls.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const control = controls.nth(i);
    if (!(await control.isVisible())) continue;
    const box = (await control.boundingBox())!;
    const name = (await control.getAttribute('aria-label')) ?? (await control.innerText());
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(width);
  }
}

for (const [who, user] of Object.entries(USERS)) {
  test(`${who} on a phone: the header fits, the overflow menu has the actions and Log Out, the drawer switches`, async ({ browser }) => {
    test.setTimeout(150_000);
    const page = await pageAs(browser, user.username, PHONE);
    await page.goto('/');
    await expect(page).toHaveURL(user.home);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const banner = page.getByRole('banner');
    const more = banner.getByRole('button', { name: 'More actions' });
    await expect(more).toBeVisible();
    // The compact bar: drawer button, logo and the overflow button; the rest moved.
    await expect(banner.getByRole('button', { name: 'Profile' })).toHaveCount(0);
    await expect(banner.getByRole('button', { name: 'Help' })).toHaveCount(0);
    await expect(banner.getByRole('combobox')).toHaveCount(0);
    await expectHeaderOnScreen(page, PHONE.width);
    await checkA11y(page, 'compact', `${who}-phone`, { fullPage: false });

    // The overflow menu: every action by its text, then the user menu.
    await more.click();
    const menu = page.getByRole('menu', { name: 'More actions' });
    await expect(menu).toBeVisible();
    const expected = ['Search', ...(who === 'dealer' ? ['Help'] : []), 'Refresh', 'User Account', 'Log Out'];
    for (const name of expected) await expect(menu.getByRole('menuitem', { name, exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitemcheckbox', { name: 'Dark Mode' })).toBeVisible();
    await expect(menu.getByRole('menuitemradio', { name: 'Español' })).toBeVisible();
    const menuBox = (await menu.boundingBox())!;
    expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(PHONE.width);
    await checkA11y(page, 'compact', `${who}-phone-overflow`, { fullPage: false });
    await menu.getByRole('menuitem', { name: 'Search', exact: true }).click();
    const spotlight = page.getByRole('dialog', { name: 'Spotlight Search' });
    await expect(spotlight).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(spotlight).toHaveCount(0);
    if (who === 'dealer') {
      await more.click();
      await menu.getByRole('menuitem', { name: 'Help', exact: true }).click();
      const help = page.getByRole('menu', { name: 'Help' });
      await expect(help.getByRole('menuitem', { name: 'Knowledge Base' })).toBeVisible();
      await help.getByRole('menuitem', { name: 'Knowledge Base' }).click();
      await expect(page.getByRole('heading', { name: 'Knowledge Base', level: 1 })).toBeVisible();
      await page.goto('/');
      await expect(page).toHaveURL(user.home);
    }

    // The switcher: first in the drawer, naming the current choice; a bottom sheet switches.
    await banner.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const entry = nav.getByRole('menuitem', { name: new RegExp(`^${user.switcher}: `) });
    await expect(entry).toBeVisible();
    await entry.click();
    const sheet = page.getByRole('dialog', { name: user.switcher });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('menuitemradio', { checked: true })).toBeFocused();
    // Arrow keys, Home and End stay in the sheet (the drawer's menu around it must not take them).
    await page.keyboard.press('End');
    await expect(sheet.getByRole('menuitemradio').last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(sheet.getByRole('menuitemradio').first()).toBeFocused();
    await checkA11y(page, 'compact', `${who}-phone-switcher`, { fullPage: false });
    await sheet.getByRole('menuitemradio', { name: user.other }).click();
    await expect(sheet).toHaveCount(0);
    if (who === 'dealer') {
      await expect(page).toHaveURL(/\/home\/dashboard$/);
      // The switch's progress bar shows while the new group loads, then goes (it may be gone already on a quick switch).
      await expect(page.getByRole('progressbar', { name: 'Switching account group' })).toHaveCount(0, { timeout: 20_000 });
    } else await expect(page).toHaveURL(/\/msa\/summary\?sn=\d+/);
    // The phone's drawer closed for the new page; it names the new choice. Then back.
    await expect(nav).toBeHidden();
    await banner.getByRole('button', { name: 'Open menu' }).click();
    await expect(entry).toHaveAccessibleName(
      typeof user.other === 'string' ? `${user.switcher}: ${user.other}` : /^Account group: 4120 - /,
    );
    await entry.click();
    await sheet.getByRole('menuitemradio', { name: user.back }).click();
    await expect(sheet).toHaveCount(0);
    await banner.getByRole('button', { name: 'Open menu' }).click();
    await expect(entry).toHaveAccessibleName(typeof user.back === 'string' ? `${user.switcher}: ${user.back}` : /^Account group: 9993 - /);
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();

    // Log Out by keyboard: the overflow button, End (the last item), Enter.
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: 'Log Out' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login/);
    await page.context().close();
  });

  test(`${who} at 1280 × 800 keeps the full header bar`, async ({ browser }) => {
    const page = await pageAs(browser, user.username, DESKTOP);
    await page.goto('/');
    await expect(page).toHaveURL(user.home);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('combobox', { name: user.switcher })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Search (Ctrl+K)' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Profile' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Help' })).toHaveCount(who === 'dealer' ? 1 : 0);
    await expect(banner.getByRole('button', { name: 'More actions' })).toHaveCount(0);
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('menuitem', { name: /^Account( group)?: / }),
    ).toHaveCount(0);
    await expectHeaderOnScreen(page, DESKTOP.width);
    if (keepScreenshots) {
      for (const mode of ['light', 'dark'] as const) {
        await setColorMode(page, mode);
        await page.waitForTimeout(300);
        await shot(page, `compact-${who}-desktop-${mode}`);
      }
    }
    await page.context().close();
  });
}

test('customer on a phone: a drawer opened again while a switch is on its way names the new account once it is made', async ({
  browser,
}) => {
  const user = USERS.customer;
  const page = await pageAs(browser, user.username, PHONE);
  await page.goto('/');
  await expect(page).toHaveURL(user.home);
  const banner = page.getByRole('banner');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const entry = nav.getByRole('menuitem', { name: /^Account: / });
  const sheet = page.getByRole('dialog', { name: user.switcher });
  const openMenu = async () => {
    if (!(await nav.isVisible())) await banner.getByRole('button', { name: 'Open menu' }).click();
  };
  const switchTo = async (name: string) => {
    await openMenu();
    await entry.click();
    await sheet.getByRole('menuitemradio', { name }).click();
    await expect(sheet).toHaveCount(0);
  };
  // The drawer closes for the page a switch goes to, perhaps after it has been opened again.
  const expectNamed = (name: string) =>
    expect(async () => {
      await openMenu();
      await expect(entry).toHaveAccessibleName(`Account: ${name}`, { timeout: 1_000 });
    }).toPass();
  await switchTo(user.other);
  await expectNamed(user.other);

  // The way back is held at the server's door while the drawer is opened again (a new switcher):
  // it shows the account in force, then the one chosen once the call returns.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/msa\/accountLinks\/active(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await switchTo(user.back);
  await openMenu();
  await expect(entry).toHaveAccessibleName(`Account: ${user.other}`);
  release();
  await expectNamed(user.back);
  await page.context().close();
});
