import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { SiteRecord } from '../../schemas/sites.js';
import { expect, test, type Locator, type Page } from './fixtures.js';
import { checkA11y, shot } from './a11y.js';
import { dialog, field } from './dialogSupport.js';
import { signIn } from './signIn.js';

/**
 * Account Group › Integrations (/account-group/integrations), as dealer.beta (xtAdmin): an API key
 * created, shown once and copied, listed, revoked after a confirmation; a webhook subscription to a
 * receiver on this machine, its signing secret shown once, a test event sent and seen in its
 * delivery log, resent; dealer.summit (no xtAdmin) has no entry and gets Access Denied. axe in both
 * modes on the page and its dialogs, at desktop and phone widths; screenshots (SCREENSHOTS=1) in
 * English, Spanish and French under test-results/integrations-*.png.
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

/** The page scrolls no wider than the window (a phone must not scroll sideways). */
async function expectNoSidewaysScroll(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

async function inLanguage(page: Page, locale: 'en' | 'es' | 'fr') {
  await page.evaluate((lang) => localStorage.setItem('locale', lang), locale);
  await page.reload();
}

test('dealer.beta creates an API key, sees it once, copies it, and revokes it', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const name = `CRM sync ${Date.now()}`;
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'dealer.beta');
  await page.goto('/home/dashboard');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('menuitem', { name: 'Integrations', exact: true }).click();
  await expect(page).toHaveURL(/\/account-group\/integrations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'API keys' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: 'New API key' }).first().click();
  const create = dialog(page, 'New API key');
  await expect(create).toBeVisible();
  // Each scope says what it opens.
  await expect(create.getByText("List the account group's accounts and read their details.")).toBeVisible();
  await field(create, 'Name').fill(name);
  await create.getByRole('checkbox', { name: /Read accounts/ }).check();
  await create.getByRole('checkbox', { name: /Read events/ }).check();
  await create.getByRole('button', { name: '1 year' }).click();
  await field(create, 'Allowed addresses (optional)').fill('office');
  await create.getByRole('button', { name: 'Create key' }).click();
  await expect(create.getByText('Enter addresses like 203.0.113.7 or ranges like 203.0.113.0/24, one per line.')).toBeVisible();
  await field(create, 'Allowed addresses (optional)').fill('203.0.113.0/24\n198.51.100.7');
  await checkA11y(page, 'integrations', 'key-create', { include: '[role="dialog"]' });
  await create.getByRole('button', { name: 'Create key' }).click();

  const once = dialog(page, 'Your new API key');
  await expect(once).toBeVisible();
  await expect(once).toContainText('shown only this once');
  const key = (await once.getByTestId('secret-value').textContent())!.trim();
  expect(key.length).toBeGreaterThan(20);
  await once.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await checkA11y(page, 'integrations', 'key-once', { include: '[role="dialog"]' });
  await once.getByRole('button', { name: 'I have stored it' }).click();
  await expect(once).toBeHidden();

  // Listed with its prefix, scopes and status; the whole key is nowhere on the page any more.
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Read accounts');
  await expect(row).toContainText('Never used');
  await expect(page.getByText(key)).toHaveCount(0);
  await checkA11y(page, 'integrations', 'keys');

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = dialog(page, `Revoke "${name}"?`);
  await expect(confirm).toContainText('cannot be undone');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`API key "${name}" revoked.`)).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);

  // A phone: cards, nothing wider than the screen.
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: name })).toContainText('Revoked');
  await expectNoSidewaysScroll(page);
  await checkA11y(page, 'integrations', 'keys-phone', { fullPage: false });
  await page.getByRole('button', { name: 'New API key' }).first().click();
  await expect(dialog(page, 'New API key')).toBeVisible();
  await shot(page, 'integrations-key-create-phone');
  await dialog(page, 'New API key').getByRole('button', { name: 'Cancel' }).click();

  for (const locale of ['es', 'fr'] as const) {
    await inLanguage(page, locale);
    await expect(page.getByRole('heading', { level: 1, name: locale === 'es' ? 'Integraciones' : 'Intégrations' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, `integrations-keys-phone-${locale}`, { fullPage: true });
    await page.setViewportSize(DESKTOP);
    await page
      .getByRole('button', { name: locale === 'es' ? 'Nueva clave de API' : "Nouvelle clé d'API" })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot(page, `integrations-key-create-${locale}`);
    await page.keyboard.press('Escape');
    await shot(page, `integrations-keys-${locale}`, { fullPage: true });
    await page.setViewportSize(PHONE);
  }
  await inLanguage(page, 'en');
});

test('dealer.summit (no xtAdmin) has no Integrations entry and gets Access Denied', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'dealer.summit');
  await page.goto('/home/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(menu.getByRole('menuitem', { name: 'Accounts', exact: true })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Integrations', exact: true })).toHaveCount(0);
  for (const path of ['/account-group/integrations', '/account-group/integrations/webhooks']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  }
  expect((await page.request.get('/api/apiKeys')).status()).toBe(403);
});

/** Refresh in the delivery log until `rows` shows (the sender works on its own queue). */
async function refreshUntilShown(log: Locator, rows: Locator) {
  await expect(async () => {
    await log.getByRole('button', { name: 'Refresh' }).click();
    await expect(rows.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** A webhook receiver on this machine: answers `status` and keeps what it was sent. */
async function receiver() {
  const received: { headers: IncomingMessage['headers']; body: string }[] = [];
  let status = 200;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok, thanks' : 'receiver down for maintenance');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/portal`,
    received,
    answer: (code: number) => (status = code),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('dealer.beta subscribes a receiver, sends a test event, sees it in the delivery log and resends', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'dealer.beta');
  // The webhook routes come with their own feature; without them this journey has nothing to drive.
  test.skip((await page.request.get('/api/webhookSubscriptions')).status() === 404, 'no /api/webhookSubscriptions on this server');
  const hook = await receiver();
  try {
    await page.goto('/account-group/integrations');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/account-group\/integrations\/webhooks$/);
    await page.getByRole('button', { name: 'New webhook' }).first().click();
    const create = dialog(page, 'New webhook');
    await field(create, 'Address (URL)').fill(hook.url);
    await field(create, 'Description (optional)').fill('Test receiver');
    await create.getByRole('checkbox', { name: /Alarm received/ }).check();
    await create.getByRole('checkbox', { name: /Test placed/ }).check();
    await checkA11y(page, 'integrations', 'webhook-create', { include: '[role="dialog"]' });
    await create.getByRole('button', { name: 'Create webhook' }).click();

    const once = dialog(page, "Your webhook's signing secret");
    await expect(once.getByTestId('secret-value')).toHaveText(/^whsec_\S+$/);
    await once.getByRole('button', { name: 'I have stored it' }).click();
    const row = page.getByRole('row').filter({ hasText: hook.url });
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Alarm received');
    await checkA11y(page, 'integrations', 'webhooks');

    await row.getByRole('button', { name: `More actions for ${hook.url}` }).click();
    await page.getByRole('menuitem', { name: 'Send test event' }).click();
    await expect(page.getByText('Test event queued')).toBeVisible();
    await expect.poll(() => hook.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(hook.received[0]!.headers['webhook-signature']).toMatch(/^v1,/);

    await row.getByRole('button', { name: `Delivery log of ${hook.url}` }).click();
    const log = page.getByTestId('delivery-log');
    await expect(page).toHaveURL(/\/account-group\/integrations\/webhooks\/\d+$/);
    const delivered = log.getByRole('row').filter({ hasText: 'Delivered' });
    await refreshUntilShown(log, delivered);
    await expect(delivered.first()).toContainText('200');
    await expect(delivered.first()).toContainText('ok, thanks');
    await checkA11y(page, 'integrations', 'delivery-log', { include: '[data-testid="delivery-log"]' });

    // The receiver fails: the next test event waits for its next try, with the answer logged.
    hook.answer(503);
    const before = hook.received.length;
    await log.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => hook.received.length, { timeout: 20_000 }).toBeGreaterThan(before);
    hook.answer(200);
    await log.getByRole('button', { name: 'Pending', exact: true }).click();
    const retrying = log.getByRole('row').filter({ hasText: '503' });
    await refreshUntilShown(log, retrying);
    await expect(retrying.first()).toContainText('Next try:');
    await log.getByRole('button', { name: 'Resend all failed' }).click();
    await expect(page.getByText(/failed deliver(y|ies) queued again\.$/)).toBeVisible();
    await log.getByRole('button', { name: 'All', exact: true }).click();

    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(log.getByRole('listitem').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await checkA11y(page, 'integrations', 'delivery-log-phone', { include: '[data-testid="delivery-log"]', fullPage: false });
    await log.getByRole('button', { name: 'Close the delivery log' }).click();
    await expect(page).toHaveURL(/\/account-group\/integrations\/webhooks$/);
    await expectNoSidewaysScroll(page);
    await checkA11y(page, 'integrations', 'webhooks-phone', { fullPage: false });

    // The demo subscription's log holds a delivery given up: resent from its row.
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await page
      .getByRole('row')
      .filter({ hasText: 'Dispatch board (demo receiver)' })
      .getByRole('button', { name: /^Delivery log of / })
      .click();
    await log.getByRole('button', { name: 'Failed', exact: true }).click();
    const givenUp = log.getByRole('row').filter({ hasText: 'Service Unavailable' });
    await expect(givenUp.first()).toContainText('503');
    await givenUp
      .first()
      .getByRole('button', { name: /^Resend event/ })
      .click();
    await expect(page.getByText('Delivery queued again.')).toBeVisible();
    await log.getByRole('button', { name: 'Close the delivery log' }).click();

    // Rotate: asked first, the new secret shown once with the day of overlap said.
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await row.getByRole('button', { name: `More actions for ${hook.url}` }).click();
    await page.getByRole('menuitem', { name: 'Rotate secret' }).click();
    await dialog(page, 'Rotate the signing secret?').getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = dialog(page, 'Your new signing secret');
    await expect(rotated).toContainText('for 24 hours');
    await expect(rotated.getByTestId('secret-value')).toHaveText(/^whsec_\S+$/);
    await rotated.getByRole('button', { name: 'I have stored it' }).click();

    for (const locale of ['es', 'fr'] as const) {
      await inLanguage(page, locale);
      await expect(row).toContainText(locale === 'es' ? 'Alarma recibida' : 'Alarme reçue');
      await shot(page, `integrations-webhooks-${locale}`, { fullPage: true });
    }
    await inLanguage(page, 'en');

    // Pause, then delete after a confirmation.
    await row.getByRole('button', { name: `More actions for ${hook.url}` }).click();
    await page.getByRole('menuitem', { name: 'Pause' }).click();
    await expect(row).toContainText('Paused');
    await row.getByRole('button', { name: `More actions for ${hook.url}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await dialog(page, 'Delete this webhook?').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Webhook deleted.')).toBeVisible();
    await expect(row).toHaveCount(0);
  } finally {
    await hook.close();
  }
});

/**
 * The "done when", in one journey on the page: a key made, used for GET /api/sites (its own
 * group's accounts only, 403 outside its scope), revoked (401); a receiver on this machine subscribed
 * to "Test placed" for one account picked by name, the account placed on test from its screen, the
 * delivery verified by the Standard Webhooks library, seen in the log (filtered by event type) and resent.
 */
test('done when: a key calls GET /api/sites until revoked; placing an account on test delivers a signed webhook, logged and resent', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'dealer.beta');
  const own = (await (await page.request.get('/api/sites?range=[0,499]')).json()) as SiteRecord[];
  // Not the account the place-on-test journey uses: each journey leaves the other's alone.
  const site = own.find((s) => s.siteNum !== 100101)!;
  const api = await playwright.request.newContext({ baseURL });
  const hook = await receiver();
  try {
    // A key with sites:read only, made on the page.
    const name = `Done-when key ${Date.now()}`;
    await page.goto('/account-group/integrations');
    await page.getByRole('button', { name: 'New API key' }).first().click();
    const create = dialog(page, 'New API key');
    await field(create, 'Name').fill(name);
    await create.getByRole('checkbox', { name: /Read accounts/ }).check();
    await create.getByRole('button', { name: '1 year' }).click();
    await create.getByRole('button', { name: 'Create key' }).click();
    const once = dialog(page, 'Your new API key');
    const key = (await once.getByTestId('secret-value').textContent())!.trim();
    await once.getByRole('button', { name: 'I have stored it' }).click();
    const bearer = { authorization: `Bearer ${key}` };

    // Its own group's accounts, the same the dealer sees; nothing outside its scope.
    const listed = await api.get('/api/sites?range=[0,499]', { headers: bearer });
    expect(listed.status()).toBe(200);
    const numbers = ((await listed.json()) as SiteRecord[]).map((s) => s.siteNum).sort();
    expect(numbers).toEqual(own.map((s) => s.siteNum).sort());
    expect((await api.get('/api/events', { headers: bearer })).status()).toBe(403);
    expect((await api.get('/api/apiKeys', { headers: bearer })).status()).toBe(403);

    // Revoked on the page: the next call answers 401 (within the second a key is kept in memory).
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    await dialog(page, `Revoke "${name}"?`).getByRole('button', { name: 'Revoke' }).click();
    await expect(row).toContainText('Revoked');
    await expect.poll(async () => (await api.get('/api/sites', { headers: bearer })).status(), { timeout: 3_000 }).toBe(401);

    // A receiver subscribed to "Test placed" for one account, picked by its name.
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('button', { name: 'New webhook' }).first().click();
    const subscribe = dialog(page, 'New webhook');
    await field(subscribe, 'Address (URL)').fill(hook.url);
    await field(subscribe, 'Description (optional)').fill('Done-when receiver');
    await subscribe.getByRole('checkbox', { name: /Test placed/ }).check();
    await subscribe.getByRole('combobox', { name: 'Accounts (optional)' }).fill(site.siteName);
    await page.getByRole('option', { name: `${site.siteName} (${site.siteNum})` }).click();
    await expect(subscribe.getByRole('button', { name: `${site.siteName} (${site.siteNum})` })).toBeVisible();
    await shot(page, 'integrations-webhook-sites');
    await subscribe.getByRole('button', { name: 'Create webhook' }).click();
    const secretDialog = dialog(page, "Your webhook's signing secret");
    const secret = (await secretDialog.getByTestId('secret-value').textContent())!.trim();
    await secretDialog.getByRole('button', { name: 'I have stored it' }).click();
    const subscription = page.getByRole('row').filter({ hasText: hook.url });
    // The account by number and name, not a bare id.
    await expect(subscription).toContainText(`${site.siteNum} · ${site.siteName}`);

    // The account placed on test from its own screen.
    await page.goto(`/site/info?sn=${site.siteNum}`);
    await page.getByRole('button', { name: 'Place on test' }).click();
    const place = page.getByRole('dialog', { name: `Place ${site.siteName} on test` });
    await place.getByRole('textbox', { name: 'Reason' }).fill('Webhook journey');
    await place.getByRole('button', { name: 'Place on test' }).click();
    await expect(place).toBeHidden();

    // The receiver checks the signature with the Standard Webhooks library.
    const placed = () => hook.received.filter((r) => r.body.includes('"test.placed"'));
    await expect.poll(() => placed().length, { timeout: 30_000 }).toBeGreaterThan(0);
    const delivery = placed()[0]!;
    const payload = new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as {
      type: string;
      data: { siteNum?: number };
    };
    expect(payload.type).toBe('test.placed');
    expect(JSON.stringify(payload.data)).toContain(String(site.siteNum));

    // The log shows it, filtered by event type; resent, the receiver gets it again under the same id.
    await page.goto('/account-group/integrations/webhooks');
    await subscription.getByRole('button', { name: `Delivery log of ${hook.url}` }).click();
    const log = page.getByTestId('delivery-log');
    await log.getByRole('combobox', { name: 'Event' }).click();
    await page.getByRole('option', { name: 'Test placed' }).click();
    const delivered = log.getByRole('row').filter({ hasText: 'Delivered' });
    await refreshUntilShown(log, delivered);
    await expect(delivered.first()).toContainText('test.placed');
    await expect(delivered.first()).toContainText('ok, thanks');
    await checkA11y(page, 'integrations', 'delivery-log-filtered', { include: '[data-testid="delivery-log"]' });
    await shot(page, 'integrations-delivery-log-filtered');
    await log.getByRole('combobox', { name: 'Event' }).click();
    await page.getByRole('option', { name: 'Test event' }).click();
    await expect(log.getByTestId('deliveries-empty')).toBeVisible();
    await log.getByRole('combobox', { name: 'Event' }).click();
    await page.getByRole('option', { name: 'Test placed' }).click();
    await delivered
      .first()
      .getByRole('button', { name: /^Resend event/ })
      .click();
    await expect(page.getByText('Delivery queued again.')).toBeVisible();
    await expect.poll(() => placed().length, { timeout: 30_000 }).toBe(2);
    const again = placed()[1]!;
    expect(again.headers['webhook-id']).toBe(delivery.headers['webhook-id']);
    expect(() => new Webhook(secret).verify(again.body, again.headers as Record<string, string>)).not.toThrow();
    await refreshUntilShown(log, delivered.nth(1));

    // The log and the list on a phone, and in Spanish and French.
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(log.getByRole('listitem').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, 'integrations-delivery-log-phone');
    for (const locale of ['es', 'fr'] as const) {
      await inLanguage(page, locale);
      await expect(log.getByRole('combobox').first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(page, `integrations-delivery-log-phone-${locale}`);
    }
    await page.setViewportSize(DESKTOP);
    await page.goto('/account-group/integrations/webhooks');
    await expect(subscription).toContainText(`${site.siteNum} · ${site.siteName}`);
    await shot(page, 'integrations-webhooks-sites-fr', { fullPage: true });
    await inLanguage(page, 'en');

    // Tidy: the subscription goes, so later journeys see the list they expect.
    await subscription.getByRole('button', { name: `More actions for ${hook.url}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await dialog(page, 'Delete this webhook?').getByRole('button', { name: 'Delete' }).click();
    await expect(subscription).toHaveCount(0);
  } finally {
    await hook.close();
    await api.dispose();
  }
});
