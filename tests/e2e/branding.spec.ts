import { expect, test, type Page } from './fixtures.js';
import { checkA11y, setColorMode } from './a11y.js';
import { signIn } from './signIn.js';

/**
 * Branding (SPEC §3 branding, §6 xtAdmin): dealer.beta uploads a light and a dark
 * header logo (PNGs drawn in the page), an SVG named .png is refused on the page, the logos show
 * in the portal header in both themes and on the login page once the SSO dialog has found the
 * group's team domain; then both are reset to the product's.
 */
async function drawnPng(page: Page, dark: boolean): Promise<Buffer> {
  const base64 = await page.evaluate((isDark) => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 120;
    const g = canvas.getContext('2d')!;
    g.fillStyle = isDark ? '#ffffff' : '#10233f';
    g.font = 'bold 52px sans-serif';
    g.fillText(isDark ? 'Night Logo' : 'Day Logo', 20, 80);
    return canvas.toDataURL('image/png').split(',')[1];
  }, dark);
  return Buffer.from(base64, 'base64');
}

const STORED = /^\/api\/branding\/logos\/[0-9a-f]{64}$/;

test('upload a logo per theme, see it in the header and on the login page, reset it', async ({ page, browser }) => {
  await signIn(page, 'dealer.beta');
  await page.goto('/branding');
  // The first page of a fresh browser loads the shell and the page's own chunk: slow on a loaded machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Branding' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/at most 512 KB and 1200 × 400 pixels/)).toBeVisible();

  // An SVG with script, named .png: refused before it is sent.
  await page.getByTestId('logo-input-light').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'SVG files are not accepted' })).toBeVisible();

  for (const variant of ['light', 'dark'] as const) {
    const saved = page.waitForResponse((r) => r.url().includes(`/api/branding/logo/${variant}`) && r.request().method() === 'PUT');
    await page
      .getByTestId(`logo-input-${variant}`)
      .setInputFiles({ name: `${variant}.png`, mimeType: 'image/png', buffer: await drawnPng(page, variant === 'dark') });
    expect((await saved).status()).toBe(200);
  }
  const branding = await (await page.request.get('/api/branding')).json();
  expect(branding.headerLogoUrl).toMatch(STORED);
  expect(branding.darkHeaderLogoUrl).toMatch(STORED);

  // The portal header: the light logo, then the dark one in the dark theme.
  const headerLogo = page.locator('header img').first();
  await expect(headerLogo).toHaveAttribute('src', branding.headerLogoUrl);
  await setColorMode(page, 'dark');
  await expect(headerLogo).toHaveAttribute('src', branding.darkHeaderLogoUrl);
  await setColorMode(page, 'light');
  await checkA11y(page, 'branding', 'page');

  // The login page of the group's SSO domain, in both themes.
  const anonymous = await browser.newPage();
  await anonymous.goto('/login');
  const loginLogo = anonymous.locator('.login-logo img');
  await expect(loginLogo).toHaveAttribute('src', /tagline/);
  await anonymous.getByRole('button', { name: /single sign-on/i }).click();
  await anonymous.getByRole('textbox', { name: 'Team Domain' }).fill('northwind');
  await anonymous
    .getByRole('button', { name: /continue/i })
    .last()
    .click();
  await expect(loginLogo).toHaveAttribute('src', branding.headerLogoUrl);
  await anonymous.keyboard.press('Escape');
  await anonymous.reload();
  await expect(loginLogo).toHaveAttribute('src', branding.headerLogoUrl);
  await anonymous.getByRole('button', { name: /dark/i }).first().click();
  await expect(loginLogo).toHaveAttribute('src', branding.darkHeaderLogoUrl);
  await anonymous.close();

  // Reset both to the product's logo.
  for (const variant of ['light', 'dark'] as const) {
    const card = page.getByRole('region', { name: variant === 'light' ? 'Light theme logo' : 'Dark theme logo' });
    await card.getByRole('button', { name: 'Reset to default' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reset to default' }).click();
    await expect(card.getByText("The product's logo")).toBeVisible();
  }
  await expect(headerLogo).toHaveAttribute('src', /tagline/);
});

test('account group settings: staff fields locked, the dealer saves contact and address', async ({ page }) => {
  await signIn(page, 'dealer.beta');
  await page.goto('/account-group/info');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Group Settings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Company' }).getByText('9994')).toBeVisible();
  await page.locator('#account-group-contactPhone').fill('312 555 0199');
  await page.locator('#officeAddress-line1').fill('200 W Madison St');
  await page.locator('#officeAddress-city').fill('Chicago');
  await page.locator('#officeAddress-state').click();
  await page.getByRole('option', { name: 'Illinois' }).click();
  await page.locator('#officeAddress-postalCode').fill('6060');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#officeAddress-postalCode-helper-text')).toContainText('12345');
  await page.locator('#officeAddress-postalCode').fill('60606');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Account group saved')).toBeVisible();
  await expect(page.locator('#account-group-contactPhone')).toHaveValue('(312) 555-0199');
  await checkA11y(page, 'accountGroup', 'page');
});
