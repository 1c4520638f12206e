import { expect, test, type Page } from './fixtures.js';
import { shot } from './a11y.js';
import { DEMO_PASSWORD, XSRF } from '../../src/common/constants.js';
import { customerPage, signIn } from './signIn.js';

/**
 * The pseudo-locale (README, "For translators"): chosen in demo mode on the login page and in the
 * shell's user menu, every UI text of the login page, the dealer dashboard and the customer's
 * summary comes from the locale files (accented, in brackets), and the server answers in it too.
 * Screenshots at 1440×900 and 390×844: test-results/pseudo-*.png, to look for cut-off texts.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const PSEUDO_NAME = '[Þšéûðö]';

/**
 * Texts of the demo data these screens show in elements that carry UI text (the user menu's
 * button names the user, a card heading names the account): not from the locale files.
 */
const DEMO_DATA = ['Dana Whitfield', 'Casey Carter', 'Carter Residence', 'Carter Lake House', 'Northwind Security'];

/**
 * The UI texts of the page that are not pseudo-locale texts: the visible text of buttons,
 * headings, labels, table headers, menu items, tabs and chips, and every aria-label, placeholder
 * and title. A text passes when, without its bracketed parts and the demo data, no word of two
 * ASCII letters is left (numbers, dates and punctuation may stay). Texts marked as another
 * language (the language pickers name each language in its own) are not the page's.
 */
function untranslatedTexts(page: Page): Promise<string[]> {
  return page.evaluate((data) => {
    const SELECTOR = [
      'button',
      'h1, h2, h3, h4, h5, h6',
      'label',
      'legend',
      'th',
      '[role=columnheader]',
      '[role=menuitem], [role=menuitemradio], [role=menuitemcheckbox]',
      '[role=tab]',
      '.MuiChip-label',
      '.MuiFormHelperText-root',
    ].join(', ');
    const plain = (text: string) => {
      let rest = text;
      for (let before = ''; before !== rest;) {
        before = rest;
        rest = rest.replace(/\[[^[\]]*\]/g, ' ');
      }
      for (const value of data) rest = rest.split(value).join(' ');
      return /[A-Za-z]{2,}/.test(rest);
    };
    const visible = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    // Text marked as another language (each language named in its own, lang="es") is not the page's.
    const ownLanguage = (el: Element) => (el.closest('[lang]')?.getAttribute('lang') ?? '') === document.documentElement.lang;
    const found = new Set<string>();
    for (const el of document.querySelectorAll(SELECTOR)) {
      const text = (el as HTMLElement).innerText?.trim() ?? '';
      if (text && visible(el) && ownLanguage(el) && !el.closest('svg') && plain(text)) found.add(`${el.tagName.toLowerCase()}: ${text}`);
    }
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = el.getAttribute(name);
        if (value && plain(value)) found.add(`${el.tagName.toLowerCase()}@${name}: ${value}`);
      }
    }
    return [...found];
  }, DEMO_DATA);
}

/** The dashboard with its figures and lists, not their loading placeholders. */
async function dashboardLoaded(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\[Ðášĥƀöáŕð.*\]$/);
  await expect(page.getByRole('region', { name: /^\[Åççöûñţš ƀý šţáţûš/ }).getByText(/^\[\d+ áççöûñţš îñ ţĥîš ĝŕöûþ/)).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: /^\[Ţöþ 10 áççöûñţš/ })
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
}

/** The customer's summary with the account, its recent activity and its call list. */
async function summaryLoaded(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\[Šûɱɱáŕý.*\]$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Carter Residence' })).toBeVisible();
  // A recent event, its kind translated (which kind depends on what earlier specs did to the account).
  await expect(page.getByText(/^\[[^\]]+\] · /).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^\[Šéé ţĥé ŵĥöļé çáļļ ļîšţ/ })).toBeVisible();
}

test('the login page offers the pseudo-locale in demo mode, and shows only its texts in it', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/login');
  const picker = page.getByRole('combobox', { name: 'Language' });
  await expect(picker.locator('option')).toHaveText(['English', 'Español', 'Français', PSEUDO_NAME]);
  await picker.selectOption('en-XA');
  // The page reloads in the pseudo-locale.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\[Šîĝñ îñ ţö .*\]$/);
  expect(await page.evaluate(() => [localStorage.getItem('locale'), document.documentElement.lang])).toEqual(['en-XA', 'en-XA']);
  await expect(page.getByRole('button', { name: /^\[Ļöĝîñ/ })).toBeVisible();
  expect(await untranslatedTexts(page)).toEqual([]);
  await shot(page, 'pseudo-login-desktop');
  await page.setViewportSize(PHONE);
  await shot(page, 'pseudo-login-phone', { fullPage: true });

  // The server translates by the request's language: its messages are in the pseudo-locale too.
  const xsrf = (await page.context().cookies()).find((c) => c.name === XSRF.cookie)?.value ?? '';
  const refused = await page.request.post('/api/account/login', {
    data: { username: 'dealer.beta', password: `${DEMO_PASSWORD}-wrong` },
    headers: { [XSRF.header]: xsrf, 'Accept-Language': 'en-XA' },
  });
  expect(refused.status()).toBe(401);
  expect(JSON.stringify(await refused.json())).toMatch(/"\[[^"]*\]"/);
});

test('the dealer dashboard in the pseudo-locale: every UI text from the locale files, on a desktop and a phone', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.addInitScript(() => localStorage.setItem('locale', 'en-XA'));
  await signIn(page, 'dealer.beta');
  await page.goto('/home/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\[Ðášĥƀöáŕð.*\]$/);
  await dashboardLoaded(page);
  expect(await untranslatedTexts(page)).toEqual([]);
  await shot(page, 'pseudo-dashboard-desktop');

  // The user menu: the pseudo-locale is one of the languages, checked.
  await page.getByRole('button', { name: /^\[Þŕöƒîļé/ }).click();
  await expect(page.getByRole('menuitemradio', { name: PSEUDO_NAME })).toHaveAttribute('aria-checked', 'true');
  expect(await untranslatedTexts(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.setViewportSize(PHONE);
  await page.reload();
  await dashboardLoaded(page);
  expect(await untranslatedTexts(page)).toEqual([]);
  await shot(page, 'pseudo-dashboard-phone', { fullPage: true });
});

test("the customer's summary in the pseudo-locale, chosen in the user menu", async ({ browser }) => {
  const page = await customerPage(browser, DESKTOP);
  await page.goto('/msa/summary');
  await expect(page.getByRole('heading', { level: 1, name: 'Summary' })).toBeVisible();
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitemradio', { name: PSEUDO_NAME }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\[Šûɱɱáŕý.*\]$/);
  await summaryLoaded(page);
  expect(await untranslatedTexts(page)).toEqual([]);
  await shot(page, 'pseudo-msa-summary-desktop');

  await page.setViewportSize(PHONE);
  await page.reload();
  await summaryLoaded(page);
  expect(await untranslatedTexts(page)).toEqual([]);
  await shot(page, 'pseudo-msa-summary-phone', { fullPage: true });
  await page.context().close();
});
