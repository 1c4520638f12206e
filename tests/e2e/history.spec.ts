import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from './fixtures.js';
import { EVENT_EXPORT_COLUMNS, type EventRecord } from '../../schemas/events.js';
import { createCsvRowCounter } from '../../src/web/site/history/csvProgress.js';
import { dateIn, periodBounds } from '../../src/web/site/history/historyRules.js';
import { checkA11y } from './a11y.js';
import { signIn } from './signIn.js';

const exportLabels = JSON.parse(readFileSync(new URL('../../locales/en/eventExport.json', import.meta.url), 'utf8')) as {
  columns: Record<(typeof EVENT_EXPORT_COLUMNS)[number], string>;
};

/**
 * Alarm history (SPEC §2 /site/alarm-history) in Chromium: dealer.beta opens a demo
 * site of group 9993 (demo/sites.ts numbers them from 100001, their devices from 500001), filters
 * to the last 7 days, reads the rows in the browser's time zone, exports the CSV and reads the
 * file: its header row is the contract's columns (schemas/events.ts) in English and it holds as many rows as the list.
 */

/** A time zone away from the server's, so the 7 days are the user's, not UTC's. */
const TIME_ZONE = 'America/Chicago';
/** Demo sites of group 9993 (demo/sites.ts: FIRST_DEMO_SITE_NUM and on). */
const CANDIDATE_SITES = Array.from({ length: 20 }, (_, i) => 100001 + i);

async function dealerPage(browser: Browser, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ timezoneId: TIME_ZONE, locale: 'en-US', viewport });
  const page = await context.newPage();
  await signIn(page, 'dealer.beta');
  return page;
}

/** A site of the group with alarms in the last 7 days (as the page counts them), found through the API the page uses. */
async function siteWithRecentAlarms(page: Page): Promise<{ siteNum: number; devNum: number }> {
  const bounds = periodBounds({ preset: 'last7' }, TIME_ZONE, dateIn(Date.now(), TIME_ZONE));
  for (const siteNum of CANDIDATE_SITES) {
    const filter = JSON.stringify({ siteNum, kind: ['alarm'], ...bounds });
    const response = await page.request.get(`/api/events?filter=${encodeURIComponent(filter)}&range=${encodeURIComponent('[0,0]')}`);
    if (!response.ok()) continue;
    const rows = (await response.json()) as EventRecord[];
    if (rows.length) return { siteNum, devNum: rows[0].devNum };
  }
  throw new Error('No demo site of group 9993 has alarms in the last 7 days: the demo seed should give them events of every kind.');
}

/** Clicks Load more until the list has every row. */
async function loadAll(page: Page): Promise<number> {
  const more = page.getByRole('button', { name: 'Load more' });
  for (let i = 0; i < 100 && (await more.isVisible()); i++) {
    await more.click();
    await expect(page.getByRole('button', { name: 'Loading more events…' })).toHaveCount(0);
  }
  await expect(page.getByText('No more events.')).toBeVisible();
  return page.getByTestId('event-row').count();
}

test('dealer.beta filters alarm history to 7 days and exports exactly the list as CSV', async ({ browser }) => {
  const page = await dealerPage(browser);
  const { siteNum, devNum } = await siteWithRecentAlarms(page);

  await page.goto(`/site/alarm-history?sn=${siteNum}&dn=${devNum}`);
  await expect(page.getByRole('heading', { name: 'Alarm History', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`\\(site ${siteNum}\\)`) })).toBeVisible();
  // Alarm history shows no kind chips: the kind is alarm.
  await expect(page.getByRole('group', { name: 'Event kinds' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/[?&]period=last7(&|$)/);
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('event-row').first()).toBeVisible();
  await expect(page.getByTestId('event-skeleton')).toHaveCount(0);

  // Local time with the zone, and every row an alarm.
  await expect(page.getByText(`Times shown in ${TIME_ZONE}`)).toBeVisible();
  await expect(page.getByTestId('event-row').first().locator('time')).toHaveText(/C[SD]T/);
  const count = await loadAll(page);
  expect(count).toBeGreaterThan(0);
  await expect(page.locator('[data-testid="event-row"] [data-kind]:not([data-kind="alarm"])')).toHaveCount(0);
  await expect(page.getByTestId('events-count')).toHaveText(count === 1 ? '1 event shown' : `${count} events shown`);
  await checkA11y(page, 'history', 'alarm-7-days');

  // Export CSV: the streamed file, saved under the server's name.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
  const csv = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  // The header row: the list's columns, labelled in the user's language (locales/en/eventExport.json).
  expect(csv.split(/\r?\n/, 1)[0].split(',')).toEqual(EVENT_EXPORT_COLUMNS.map((column) => exportLabels.columns[column]));
  const counter = createCsvRowCounter();
  counter.push(csv);
  expect(counter.finish()).toBe(count);
  await expect(page.getByText(count === 1 ? /Exported 1 row to / : new RegExp(`Exported ${count} rows to `))).toBeVisible();
  await expect(page.getByTestId('export-progress')).toHaveCount(0);

  // A reload keeps the filter.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('event-row').first()).toBeVisible();
  await page.context().close();
});

test('site history: kind chips, the empty state per filter, and cards in a drawer of filters on a phone', async ({ browser }) => {
  const page = await dealerPage(browser, { width: 390, height: 844 });
  const { siteNum, devNum } = await siteWithRecentAlarms(page);

  await page.goto(`/site/history?sn=${siteNum}&dn=${devNum}&period=today&q=${encodeURIComponent('no such event zzz')}`);
  await expect(page.getByRole('heading', { name: 'Site History', level: 1 })).toBeVisible();
  await expect(page.getByTestId('events-empty')).toContainText('No events today.');
  await expect(page.getByTestId('events-empty')).toContainText('Try removing some filters.');

  // The filters sit in an accordion; clearing them brings rows back, as cards.
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  // Each filter change reads the address it changes: let the period's land before the next click.
  await expect(page).not.toHaveURL(/period=today/);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(page.locator('li[data-testid="event-row"]').first()).toBeVisible();

  // A kind chip narrows the list to that kind and is kept in the URL.
  await page.getByRole('button', { name: 'Alarm', exact: true }).click();
  await expect(page).toHaveURL(/[?&]kind=alarm(&|$)/);
  await expect(page.getByRole('button', { name: 'Alarm', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-testid="event-row"] [data-kind]:not([data-kind="alarm"])')).toHaveCount(0);
  await checkA11y(page, 'history', 'phone');
  await page.context().close();
});
