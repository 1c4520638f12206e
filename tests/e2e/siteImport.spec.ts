import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures.js';
import { checkA11y, expectAxeClean, setColorMode, shot } from './a11y.js';
import { signIn } from './signIn.js';

/**
 * Import Accounts in Chromium: dealer.beta downloads the template, uploads a CSV with a good row
 * and one whose postal code is refused, keeps the automatic mapping, sees the counts and the
 * cell's message in the preview, fixes the row in place, imports, watches the import end, reads
 * the counts, downloads the result and undoes the import; a reload at any step comes back to the
 * batch; the reports inbox links to the result. On a phone in Spanish the steps stack and the page
 * is no wider than the screen; in French on a desktop and a phone the steps read French;
 * dealer.summit (no create flag) is refused. axe in light and dark at each step (screenshots
 * test-results/site-import-*.png with SCREENSHOTS=1).
 */

const code = (n: number) => `IMP${Date.now().toString(36).toUpperCase().slice(-6)}${n}`;
const HEADERS = [
  'siteName',
  'country',
  'addressLine1',
  'city',
  'state',
  'postalCode',
  'device1TransmitterCode',
  'contact1Name',
  'contact1Phone',
];

function csvOf(rows: string[][]): Buffer {
  return Buffer.from(`${[HEADERS, ...rows].map((r) => r.join(',')).join('\r\n')}\r\n`);
}

async function upload(page: Page, rows: string[][]) {
  await page.getByTestId('site-import-file').setInputFiles({ name: 'accounts.csv', mimeType: 'text/csv', buffer: csvOf(rows) });
}

async function downloaded(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
}

const step = (page: Page, name: string) => page.getByRole('heading', { name, level: 2 });

/** The page scrolls sideways by nothing: as wide as the phone's screen. */
async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('import a file: template, upload, map, preview, fix a row, import, result, undo', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'dealer.beta');
  const [good, fixed] = [code(1), code(2)];

  await page.goto('/home/dashboard');
  await page.getByRole('menuitem', { name: 'Import Accounts' }).click();
  await expect(page).toHaveURL(/\/site\/import$/);
  await expect(page.getByRole('heading', { name: 'Import Accounts', level: 1 })).toBeVisible();
  await expect(step(page, 'Upload')).toBeVisible();
  await expect(page.getByText('up to 50 MB and 20,000 accounts')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your recent imports' })).toBeVisible();
  await checkA11y(page, 'site-import', 'upload');

  const template = await downloaded(page, 'Template (CSV)');
  expect(template.name).toBe('accounts-template.csv');
  expect(template.text.split(/\r?\n/)[0]).toContain('siteName,siteType,timeZone,country');

  await upload(page, [
    ['Okafor Residence', 'US', '12 Elm Street', 'Evanston', 'IL', '60201', good, 'Ada Okafor', '312-555-0143'],
    ['Lindqvist Bakery', 'US', '4 Oak Avenue', 'Skokie', 'IL', '6020', fixed, 'Sven Lindqvist', '312-555-0199'],
  ]);
  await expect(step(page, 'Map columns')).toBeVisible();
  await expect(page).toHaveURL(/\/site\/import\?batch=\d+/);
  const batchUrl = page.url();
  await expect(page.getByText('accounts.csv: 2 rows, 9 columns.')).toBeVisible();
  await expect(page.getByText('Matched automatically')).toHaveCount(HEADERS.length);
  // A required field left out names itself and holds the step; mapped again, it may go on.
  const postal = page.getByLabel('postalCode', { exact: true });
  await postal.selectOption('');
  await expect(page.getByText('Map these required fields to a column of your file: Postal code')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check rows' })).toBeDisabled();
  await postal.selectOption('postalCode');
  await checkA11y(page, 'site-import', 'map');
  await page.getByRole('button', { name: 'Check rows' }).click();

  await expect(step(page, 'Preview')).toBeVisible();
  await expect(page.getByRole('button', { name: 'All rows: 2' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refused: 1' })).toBeVisible();
  const refusedCell = page.getByRole('cell', { name: /^6020\s/ });
  await expect(refusedCell).toContainText(/ZIP code/);
  await page.getByRole('button', { name: 'Refused: 1' }).click();
  await expect(page.getByRole('row')).toHaveCount(2);
  await checkA11y(page, 'site-import', 'preview');

  // A reload comes back to the batch, at its step.
  await page.reload();
  await expect(step(page, 'Preview')).toBeVisible();

  // The dialog in each mode, opened in that mode.
  const dialog = page.getByRole('dialog');
  for (const mode of ['dark', 'light'] as const) {
    await setColorMode(page, mode);
    await page.getByRole('button', { name: 'Fix row 3' }).click();
    await expect(dialog.getByLabel('Postal code')).toHaveValue('6020');
    await expect(dialog.getByText('Use a ZIP code like 12345 or 12345-6789')).toBeVisible();
    await expectAxeClean(page, `fix (${mode})`);
    await shot(page, `site-import-fix-${mode}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }
  await page.getByRole('button', { name: 'Fix row 3' }).click();
  await dialog.getByLabel('Postal code').fill('60076');
  await dialog.getByRole('button', { name: 'Check and save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Refused: 0' })).toBeVisible();

  await page.getByRole('button', { name: 'Import 2 accounts' }).click();
  await expect(step(page, 'Import')).toBeVisible();
  await expect(page.getByText('2 accounts will be created in status pending.')).toBeVisible();
  await checkA11y(page, 'site-import', 'confirm');
  await page.getByRole('button', { name: 'Start import' }).click();

  await expect(step(page, 'Result')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('The import is done.')).toBeVisible();
  await expect(page.getByText('Created: 2')).toBeVisible();
  await expect(page.getByText('Refused: 0')).toBeVisible();
  await checkA11y(page, 'site-import', 'result');

  const result = await downloaded(page, 'Result (CSV)');
  expect(result.name).toMatch(/^import-\d+-result\.csv$/);
  expect(result.text).toContain(good);
  expect(result.text).toContain('60076');

  // The reports inbox names the finished import and links to its result.
  const batchId = new URL(batchUrl).searchParams.get('batch');
  await page.goto('/reports/inbox');
  const inboxLink = page.getByTestId('inbox-imports').locator(`a[href="/site/import?batch=${batchId}"]`);
  await expect(inboxLink).toHaveText('Import result: accounts.csv');
  await checkA11y(page, 'site-import', 'inbox');
  await inboxLink.click();
  await expect(step(page, 'Result')).toBeVisible();

  await page.getByRole('button', { name: 'Undo the import' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Removed 2 accounts; kept 0.')).toBeVisible();
  await expect(page.getByText('The import was undone.')).toBeVisible();

  await page.goto(batchUrl);
  await expect(step(page, 'Result')).toBeVisible();
  await expect(page.getByText('Removed by undo: 2')).toBeVisible();
});

test('on a phone, in Spanish: the steps stack, the texts are Spanish, a refused file says what to do', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('locale', 'es'));
  await signIn(page, 'dealer.beta');
  await page.goto('/site/import');
  await expect(page.getByRole('heading', { name: 'Importar cuentas', level: 1 })).toBeVisible();
  await expect(step(page, 'Subir')).toBeAttached();
  await checkA11y(page, 'site-import', 'upload-phone-es');
  await expectNoSideScroll(page);

  await page.getByTestId('site-import-file').setInputFiles({ name: 'notes.csv', mimeType: 'text/csv', buffer: Buffer.from('') });
  await expect(page.getByRole('region', { name: 'Subir' }).getByRole('alert')).toContainText('El archivo está vacío');

  await upload(page, [['Casa Ruiz', 'MX', 'Av. Juárez 10', 'Guadalajara', 'JAL', '44100', code(3), 'Ana Ruiz', '33 1234 5678']]);
  await expect(page.getByText('accounts.csv: 1 filas, 9 columnas.')).toBeVisible();
  await checkA11y(page, 'site-import', 'map-phone-es');
  await expectNoSideScroll(page);
  await page.getByRole('button', { name: 'Revisar filas' }).click();
  await expect(page.getByRole('button', { name: 'Todas: 1' })).toBeVisible();
  await checkA11y(page, 'site-import', 'preview-phone-es');
  await expectNoSideScroll(page);
  await shot(page, 'site-import-preview-phone-es-full', { fullPage: true });
  // Leave the draft import as it is: nothing was created.
});

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 375, height: 812 }],
] as const) {
  test(`in French on a ${device}: upload, columns and preview read French`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('locale', 'fr'));
    await signIn(page, 'dealer.beta');
    await page.goto('/site/import');
    await expect(page.getByRole('heading', { name: 'Importer des comptes', level: 1 })).toBeVisible();
    await expect(step(page, 'Fichier')).toBeAttached();
    await checkA11y(page, 'site-import', `upload-${device}-fr`);
    await upload(page, [
      ['Maison Tremblay', 'CA', '12 rue Principale', 'Montréal', 'QC', 'H2X 1Y4', code(5), 'Luc Tremblay', '514 555 0143'],
    ]);
    await expect(step(page, 'Colonnes')).toBeAttached();
    await checkA11y(page, 'site-import', `map-${device}-fr`);
    await page.getByRole('button', { name: 'Vérifier les lignes' }).click();
    await expect(step(page, 'Aperçu')).toBeAttached();
    await expect(page.getByRole('button', { name: 'Importer 1 compte' })).toBeVisible();
    await checkA11y(page, 'site-import', `preview-${device}-fr`);
    if (device === 'phone') await expectNoSideScroll(page);
    await context.close();
  });
}

test('dealer.summit, without the create flag, gets Access Denied and the API refuses', async ({ page }) => {
  await signIn(page, 'dealer.summit');
  await page.goto('/site/import');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  expect((await page.request.get('/api/siteImports')).status()).toBe(403);
  await page.goto('/home/dashboard');
  await expect(page.getByRole('menuitem', { name: 'Home' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Create New Account' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Import Accounts' })).toHaveCount(0);
});
