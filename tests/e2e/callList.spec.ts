import { expect, test, type Browser, type Page } from './fixtures.js';
import type { Contact } from '../../schemas/contacts.js';
import type { Holiday, Schedule } from '../../schemas/schedules.js';
import { DEMO_SHOWCASE_SITES } from '../../src/server/db/seed/demo/showcaseSites.js';
import { checkA11y } from './a11y.js';
import { signIn } from './signIn.js';
import { moveUpByKeyboard } from './keyboardReorder.js';

/**
 * Editing the call list on /site/info in Chromium: dealer.beta (xtAdmin) reorders the
 * call list of a showcase account with the keyboard alone (a drag handle: Space, ArrowUp, Space;
 * dnd-kit's keyboard sensor), sees the order kept after a reload, and adds a contact whose phone,
 * written badly at first, is refused with the phone rule's message and then stored as E.164 and
 * shown formatted; edits a zone and the passcodes; adds an overnight opening window and a holiday
 * at special times (each refused first with its rule's message) and removes them; takes a
 * contact's passcode away and gives it back. axe in light and dark (screenshots
 * test-results/call-list-*.png).
 */
const cafe = DEMO_SHOWCASE_SITES[1]!;

/** dealer.beta on the café's account page, on a desktop. */
async function openCafe(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, 'dealer.beta');
  await page.goto(`/site/info?sn=${cafe.siteNum}`);
  return { context, page };
}

/** The café's rows of one of its resources (its contacts, windows, holidays), as the API answers them. */
async function accountRows<T>(page: Page, resource: string): Promise<T[]> {
  const response = await page.request.get(
    `/api/${resource}?filter=${encodeURIComponent(JSON.stringify({ siteNum: cafe.siteNum }))}&range=[0,99]`,
  );
  expect(response.status()).toBe(200);
  return (await response.json()) as T[];
}

const callList = (page: Page) => accountRows<Contact>(page, 'contacts');

test('dealer.beta reorders the call list by keyboard and adds a contact with a normalised phone', async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await openCafe(browser);

  const section = page.getByRole('region', { name: 'Call list' }).first();
  await section.getByRole('button', { name: 'Edit Call list' }).click();
  const rows = section.getByTestId('call-list-row');
  await expect(rows).toHaveCount(cafe.contacts.length);
  const before = (await callList(page)).map((c) => c.name);
  const last = before[before.length - 1]!;

  // Keyboard only: focus the last contact's handle, pick it up, move it up one place, drop it.
  await moveUpByKeyboard(page, section.getByRole('button', { name: `Reorder ${last}` }), last, before.length);
  await expect(page.getByText('Call order saved')).toBeVisible();
  const expected = [...before.slice(0, -2), last, before[before.length - 2]!];
  await expect(rows).toContainText(expected.map((name) => name));
  expect((await callList(page)).map((c) => c.name)).toEqual(expected);

  // The move-up button does the same for who cannot use the handle.
  await section.getByRole('button', { name: `Move ${last} up` }).press('Enter');
  await expect(page.getByText('Call order saved').first()).toBeVisible();
  const moved = [...expected];
  moved.splice(moved.indexOf(last), 1);
  moved.splice(Math.max(0, expected.indexOf(last) - 1), 0, last);
  await expect.poll(async () => (await callList(page)).map((c) => c.name)).toEqual(moved);

  // Kept after a reload: the read-only table lists the new order.
  await page.reload();
  const table = page.getByRole('table', { name: 'Call list' });
  await expect(table.locator('tbody tr')).toHaveCount(cafe.contacts.length);
  for (const [i, name] of moved.entries()) await expect(table.locator('tbody tr').nth(i)).toContainText(name);

  // Add a contact: a bad phone gets the rule's message as typed; a good one shows how it will be saved.
  await section.getByRole('button', { name: 'Edit Call list' }).click();
  await section.getByRole('button', { name: 'Add contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'New contact' });
  await dialog.getByLabel('Name').fill('Ana Ruiz');
  const phone = dialog.getByRole('textbox', { name: 'Phone' });
  await phone.fill('555-01');
  await expect(dialog.getByText('This phone number is too short')).toBeVisible();
  await phone.fill('555-0187');
  await expect(dialog.getByText('This is not a valid phone number')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveValue('Ana Ruiz');
  await phone.fill('212.555.0134 x7');
  await expect(dialog.getByText('Will be saved as (212) 555-0134 ext. 7')).toBeVisible();
  await checkA11y(page, 'call-list', 'add-contact', { fullPage: false });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(cafe.contacts.length + 1);
  await expect(rows.last()).toContainText('Ana Ruiz');
  await expect(rows.last().getByTestId('call-list-phone')).toHaveText('(212) 555-0134 ext. 7');
  const added = (await callList(page)).find((c) => c.name === 'Ana Ruiz');
  expect(added?.phoneNumber).toBe('+12125550134;ext=7');
  expect(added?.position).toBe(cafe.contacts.length + 1);

  // The change is in the account's history.
  const history = await page.request.get(
    `/api/events?filter=${encodeURIComponent(JSON.stringify({ siteNum: cafe.siteNum, kind: ['change'] }))}&range=[0,9]`,
  );
  expect(((await history.json()) as { eventCodeDescription: string }[])[0]?.eventCodeDescription).toBe(
    'Call list: Ana Ruiz added by dealer.beta',
  );

  await checkA11y(page, 'call-list', 'editing');

  // Remove after a confirmation; Undo in the snackbar brings the contact back, unremoved.
  await section.getByRole('button', { name: 'Remove Ana Ruiz' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Ana Ruiz from the call list?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(rows).toHaveCount(cafe.contacts.length);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(rows).toHaveCount(cafe.contacts.length + 1);
  expect((await callList(page)).some((c) => c.name === 'Ana Ruiz')).toBe(true);
  // Without Undo the removal is made when the editor closes.
  await section.getByRole('button', { name: 'Remove Ana Ruiz' }).click();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await section.getByRole('button', { name: 'Done' }).click();
  await expect.poll(async () => (await callList(page)).some((c) => c.name === 'Ana Ruiz')).toBe(false);
  await context.close();
});

test('dealer.beta edits a zone and adds a passcode; one duress passcode per account', async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page } = await openCafe(browser);

  // Zone 2: a new description and event kind, shown in the table at once.
  const zones = page.getByRole('region', { name: 'Zones' }).first();
  await zones.getByRole('button', { name: /^Edit zone 2,/ }).click();
  const zoneDialog = page.getByRole('dialog', { name: 'Edit zone 2' });
  await zoneDialog.getByLabel('Description').fill('Rear Door (steel)');
  await zoneDialog.getByRole('combobox', { name: 'Event kind' }).click();
  await page.getByRole('option', { name: 'Panic' }).click();
  await zoneDialog.getByRole('button', { name: 'Save' }).click();
  await expect(zoneDialog).toBeHidden();
  await expect(zones.getByRole('row', { name: /Rear Door \(steel\)/ })).toContainText('Panic');

  // A second duress passcode is refused beside its checkbox; what was typed stays.
  const passcodes = page.getByRole('region', { name: 'Passcodes' }).first();
  await passcodes.getByRole('button', { name: 'Add passcode' }).click();
  const dialog = page.getByRole('dialog', { name: 'New passcode' });
  await dialog.getByLabel('Name').fill('Night');
  await dialog.getByLabel('Passcode', { exact: false }).first().fill('ab');
  await expect(dialog.getByText('A passcode has at least 4 characters')).toBeVisible();
  await dialog.getByLabel('Passcode', { exact: false }).first().fill('lune2026');
  // Typed twice (the value is masked): a mismatch is said beside the second field.
  await dialog.getByLabel('Confirm passcode').fill('lune2025');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The two passcodes do not match.')).toBeVisible();
  await dialog.getByLabel('Confirm passcode').fill('lune2026');
  await dialog.getByRole('checkbox', { name: /Duress passcode/ }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('An account has at most one duress passcode')).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveValue('Night');
  await dialog.getByRole('checkbox', { name: /Duress passcode/ }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = passcodes.getByRole('row', { name: /Night/ });
  await expect(row).toContainText('••••••••');
  await expect(row).not.toContainText('lune2026');
  await context.close();
});

test('dealer.beta adds an overnight window and a holiday at special times, removes them, and takes a contact passcode away', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { context, page } = await openCafe(browser);
  // A window on the first free day of the week (Sunday), closing the next morning.
  const schedules = page.getByRole('region', { name: 'Schedules' }).first();
  await schedules.getByRole('button', { name: 'Edit Schedules' }).click();
  await schedules.getByRole('button', { name: 'Add window' }).click();
  const window = page.getByRole('dialog', { name: 'New opening window' });
  await expect(window.getByRole('combobox', { name: 'Day' })).toHaveText('Sunday');
  await window.getByLabel('Name').fill('Night cleaning');
  await window.getByLabel('Opens').fill('22:00');
  await window.getByLabel('Closes').fill('22:00');
  await expect(window.getByText('The closing time must differ from the opening time')).toBeVisible();
  await window.getByLabel('Closes').fill('06:00');
  await expect(window.getByRole('status')).toHaveText('Closes the next day');
  await window.getByRole('button', { name: 'Save' }).click();
  await expect(window).toBeHidden();
  await expect(page.getByText('The window was saved')).toBeVisible();
  await expect(schedules.getByRole('row', { name: /Night cleaning/ })).toContainText('10:00 PM – 6:00 AM (Closes the next day)');
  const windows = await accountRows<Schedule>(page, 'schedules');
  expect(windows.find((w) => w.name === 'Night cleaning')).toMatchObject({ dayOfWeek: 0, opensAt: '22:00', closesAt: '06:00' });

  // A holiday open at special times: both are needed once 'Closed all day' is unticked.
  await schedules.getByRole('button', { name: 'Add holiday' }).click();
  const holiday = page.getByRole('dialog', { name: 'New holiday' });
  await holiday.getByLabel('Date').fill('2027-07-04');
  await holiday.getByLabel('Name').fill('Independence Day');
  await holiday.getByRole('checkbox', { name: 'Closed all day' }).uncheck();
  await holiday.getByRole('button', { name: 'Save' }).click();
  await expect(holiday.getByText('Enter both the opening and the closing time, or neither')).toBeVisible();
  await holiday.getByLabel('Opens').fill('10:00');
  await holiday.getByLabel('Closes').fill('14:00');
  await holiday.getByRole('button', { name: 'Save' }).click();
  await expect(holiday).toBeHidden();
  await expect(schedules.getByRole('row', { name: /Independence Day/ })).toContainText('Open 10:00 AM–2:00 PM');
  const holidays = await accountRows<Holiday>(page, 'holidays');
  expect(holidays.find((h) => h.name === 'Independence Day')).toMatchObject({ date: '2027-07-04', opensAt: '10:00', closesAt: '14:00' });

  // Both removed after their confirmation.
  await schedules.getByRole('button', { name: 'Remove Independence Day' }).click();
  await page.getByRole('dialog', { name: 'Remove the holiday Independence Day?' }).getByRole('button', { name: 'Remove' }).click();
  await schedules.getByRole('button', { name: 'Remove Sunday Night cleaning' }).click();
  await page.getByRole('dialog', { name: 'Remove this window?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(schedules.getByRole('row', { name: /Night cleaning|Independence Day/ })).toHaveCount(0);

  // A contact's passcode: left empty it is kept; 'Remove the contact passcode' takes it away.
  const section = page.getByRole('region', { name: 'Call list' }).first();
  await section.getByRole('button', { name: 'Edit Call list' }).click();
  await section.getByRole('button', { name: 'Edit Noël Girard' }).click();
  const contact = page.getByRole('dialog', { name: 'Edit contact' });
  await expect(contact.getByText('Leave empty to keep the current passcode')).toBeVisible();
  await contact.getByRole('textbox', { name: 'Phone' }).fill('(612) 555-0143');
  await contact.getByRole('checkbox', { name: 'Remove the contact passcode' }).check();
  await expect(contact.getByLabel('Contact passcode', { exact: true })).toBeDisabled();
  await contact.getByRole('button', { name: 'Save' }).click();
  await expect(contact).toBeHidden();
  await expect(page.getByText('Noël Girard was saved')).toBeVisible();
  const noel = () => callList(page).then((list) => list.find((c) => c.name === 'Noël Girard')!);
  expect(await noel()).toMatchObject({ phoneNumber: '+16125550143', passcodeMasked: null });
  await expect(section.getByTestId('call-list-row').filter({ hasText: 'Noël Girard' })).not.toContainText('Has a passcode');
  // Typed again: stored again.
  await section.getByRole('button', { name: 'Edit Noël Girard' }).click();
  await contact.getByLabel('Contact passcode', { exact: true }).fill('baguette3');
  await contact.getByRole('button', { name: 'Save' }).click();
  await expect(contact).toBeHidden();
  expect((await noel()).passcodeMasked).toBe('•••••••••');
  await context.close();
});

test('dealer.summit sees the call list without edit buttons', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'dealer.summit');
  const sites = await page.request.get('/api/sites?range=[0,0]');
  const [site] = (await sites.json()) as { siteNum: number }[];
  await page.goto(`/site/info?sn=${site!.siteNum}`);
  const section = page.getByRole('region', { name: 'Call list' }).first();
  await expect(section).toBeVisible();
  await expect(section.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add passcode' })).toHaveCount(0);
  await context.close();
});
