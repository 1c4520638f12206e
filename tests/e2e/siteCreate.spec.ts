import { expect, test, type Page } from './fixtures.js';
import { checkA11y } from './a11y.js';
import { signIn } from './signIn.js';

/**
 * Create New Account in Chromium: dealer.beta creates an account
 * through every step, reloads after the contacts step and finds every value
 * typed, is sent back to the devices step by a transmitter another account
 * holds, then creates the account and lands on /site/info showing it pending
 * with its completeness warnings. axe in light and dark at each step
 * (screenshots test-results/site-create-*.png).
 */

const code = () => `E2E${Date.now().toString(36).toUpperCase().slice(-6)}`;

/** An input by its label, with or without the required mark (MUI writes a thin space and '*'). */
function labelled(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);
}

async function field(page: Page, label: string) {
  return page.getByLabel(labelled(label));
}

/**
 * A button of the stepper's bar, at the bottom right, pressed from the keyboard: the demo's
 * simulated alarms (one every 20 to 60 s) show notices there, and a notice under the pointer stays
 * open while the pointer rests on it (NotificationStack), so a click can wait behind one for good.
 */
async function press(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).press('Enter');
}

async function next(page: Page, heading: string) {
  await press(page, 'Next');
  await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
}

test('create an account through every step, reload halfway and lose nothing', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'dealer.beta');
  // No drafts left from other runs: the chooser is its own check below.
  for (const draft of await (await page.request.get('/api/siteDrafts')).json()) {
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-Token')?.value ?? '';
    await page.request.delete(`/api/siteDrafts/${draft.id}`, { headers: { 'X-XSRF-Token': xsrf } });
  }
  const taken = (await (await page.request.get('/api/sites/100101')).json()).devices[0].transmitterCode as string;
  const transmitter = code();

  await page.goto('/site/create');
  await expect(page.getByRole('heading', { name: 'Create New Account', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Account', level: 2 })).toBeVisible();
  await checkA11y(page, 'site-create', 'account');

  // Step 1: a required name.
  await press(page, 'Next');
  await expect(page.getByText('Some fields of this step need attention.')).toBeVisible();
  await expect(page.locator('#site-create-account-siteName-helper-text')).toHaveText('Required');
  await (await field(page, 'Account name')).fill('Okafor Residence');
  await (await field(page, 'Site type')).selectOption('commercial');
  await next(page, 'Address');

  // Step 2: the postal code of the country; the time zone follows the state.
  await (await field(page, 'Address line 1')).fill('12 Elm Street');
  await (await field(page, 'City')).fill('Denver');
  await (await field(page, 'State')).selectOption('CO');
  await (await field(page, 'ZIP code')).fill('8020');
  await (await field(page, 'Premise phone')).fill('303 555 0142');
  await press(page, 'Next');
  await expect(page.getByText('Use a ZIP code like 12345 or 12345-6789')).toBeVisible();
  await (await field(page, 'ZIP code')).fill('80202-1234');
  await checkA11y(page, 'site-create', 'address');
  await next(page, 'Transmitter and devices');

  // Step 3: a transmitter another account holds is named at its field before the review.
  await (await field(page, 'Transmitter code')).fill(taken.toLowerCase());
  await (await field(page, 'Panel type')).click();
  await expect(page.getByText(`Transmitter ${taken} is already used by your account 100101`)).toBeVisible();
  await (await field(page, 'Transmitter code')).fill(transmitter);
  await (await field(page, 'Panel type')).fill('Qolsys IQ Panel 4');
  await expect(page.getByText(`${transmitter} is free on the platform.`)).toBeVisible();
  await checkA11y(page, 'site-create', 'devices');
  await next(page, 'Contacts');

  // Step 4: two contacts, the second moved first by its button.
  await expect(page.getByText('No contacts yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add contact' }).click();
  await page.getByRole('button', { name: 'Add contact' }).click();
  const names = page.getByLabel(labelled('Name'));
  const phones = page.getByLabel(labelled('Phone number'));
  await names.nth(0).fill('Ben Okafor');
  await phones.nth(0).fill('303-555-0144');
  await names.nth(1).fill('Ada Okafor');
  await phones.nth(1).fill('12');
  await page.getByLabel(labelled('Relation')).nth(1).fill('Owner');
  await press(page, 'Next');
  await expect(page.getByText('This phone number is too short')).toBeVisible();
  await phones.nth(1).fill('(303) 555-0143');
  await page.getByRole('button', { name: 'Move contact 2 up' }).click();
  await expect(names.nth(0)).toHaveValue('Ada Okafor');
  await checkA11y(page, 'site-create', 'contacts');
  await next(page, 'Zones');

  // Reload halfway: the draft brings back the step and every value.
  await expect(page).toHaveURL(/draft=\d+/);
  await expect(page.getByText(/Draft saved/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Zones', level: 2 })).toBeVisible();
  await press(page, 'Back');
  await expect(page.getByLabel(labelled('Name')).nth(0)).toHaveValue('Ada Okafor');
  await expect(page.getByLabel(labelled('Relation')).nth(0)).toHaveValue('Owner');
  await expect(page.getByLabel(labelled('Phone number')).nth(0)).toHaveValue('(303) 555-0143');
  await expect(page.getByLabel(labelled('Name')).nth(1)).toHaveValue('Ben Okafor');
  await press(page, 'Back');
  await expect(await field(page, 'Transmitter code')).toHaveValue(transmitter);
  await expect(await field(page, 'Panel type')).toHaveValue('Qolsys IQ Panel 4');
  await press(page, 'Back');
  await expect(await field(page, 'Address line 1')).toHaveValue('12 Elm Street');
  await expect(await field(page, 'State')).toHaveValue('CO');
  await expect(await field(page, 'ZIP code')).toHaveValue('80202-1234');
  await expect(await field(page, 'Premise phone')).toHaveValue('303 555 0142');
  await press(page, 'Back');
  await expect(await field(page, 'Account name')).toHaveValue('Okafor Residence');
  await expect(await field(page, 'Site type')).toHaveValue('commercial');
  await expect(await field(page, 'Time zone')).toHaveValue('America/Denver');

  // On to the zones through the step buttons of the stepper.
  await page.getByRole('button', { name: 'Zones' }).click();
  await expect(page.getByRole('heading', { name: 'Zones', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Add zone' }).click();
  await page.getByLabel(labelled('Description')).fill('Front door');
  await page.getByRole('button', { name: 'Add zone' }).click();
  await page.getByLabel(labelled('Description')).nth(1).fill('Kitchen smoke');
  await page.getByLabel(labelled('Event type')).nth(1).selectOption('Fire');
  await expect(page.getByLabel(labelled('Zone')).nth(1)).toHaveValue('2');
  await checkA11y(page, 'site-create', 'zones');
  await next(page, 'Passcodes');

  // Step 6: one passcode.
  await page.getByRole('button', { name: 'Add passcode' }).click();
  await page.getByLabel(labelled('Who uses it')).fill('Primary');
  await page.getByLabel(labelled('Passcode')).fill('sunflower42');
  await checkA11y(page, 'site-create', 'passcodes');
  await next(page, 'Review');

  // Review: everything, and the warnings the account will show.
  await expect(page.getByText('This account will be missing information')).toBeVisible();
  await expect(page.getByText('No police, fire or medical agency')).toBeVisible();
  await expect(page.getByText(transmitter, { exact: false }).first()).toBeVisible();
  await expect(page.getByText('Zone 2 – Kitchen smoke (Fire)')).toBeVisible();
  await expect(page.getByText('Primary: 11 characters')).toBeVisible();
  await checkA11y(page, 'site-create', 'review');

  // Create: lands on the account, pending, with its warnings.
  await press(page, 'Create account');
  await expect(page).toHaveURL(/\/site\/info\?sn=\d+/);
  await expect(page.getByText('Okafor Residence').first()).toBeVisible();
  await expect(page.getByText('Pending').first()).toBeVisible();
  await expect(page.getByText('This account is missing information')).toBeVisible();
  // The draft went with the creation.
  expect(await (await page.request.get('/api/siteDrafts')).json()).toEqual([]);
});

test('entering with a draft offers to resume it or start new; a discard asks first', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'dealer.beta');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-Token')?.value ?? '';
  const created = await page.request.post('/api/siteDrafts', {
    data: { step: 'address', data: { account: { siteName: 'Draft Deli', siteType: 'commercial', timeZone: 'America/Chicago' } } },
    headers: { 'X-XSRF-Token': xsrf },
  });
  const draft = await created.json();

  await page.goto('/site/create');
  await expect(page.getByRole('heading', { name: 'You have drafts of new accounts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Draft Deli' })).toBeVisible();
  await checkA11y(page, 'site-create', 'chooser-phone');
  await page.getByRole('button', { name: 'Resume draft' }).first().click();
  await expect(page).toHaveURL(new RegExp(`draft=${draft.id}`));
  await expect(page.getByRole('heading', { name: 'Address', level: 2 })).toBeVisible();
  await checkA11y(page, 'site-create', 'address-phone');

  // A reload right after typing, before the autosave: the tab's copy keeps what was typed.
  await (await field(page, 'City')).fill('Skokie');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Address', level: 2 })).toBeVisible();
  await expect(await field(page, 'City')).toHaveValue('Skokie');

  await page.getByRole('button', { name: 'Discard draft' }).click();
  await expect(page.getByRole('dialog')).toContainText('Draft Deli');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Account', level: 2 })).toBeVisible();
  expect((await page.request.get(`/api/siteDrafts/${draft.id}`)).status()).toBe(404);
});

test('a transmitter taken between the devices step and Create returns the user to the devices step, at the field', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'dealer.beta');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-Token')?.value ?? '';
  const transmitter = code();
  const data = {
    account: { siteName: 'Race Condition Cafe', siteType: 'commercial', timeZone: 'America/Chicago' },
    address: { country: 'US', line1: '1 Main Street', line2: '', city: 'Chicago', state: 'IL', postalCode: '60601', phoneNumber: '' },
    devices: [{ transmitterCode: transmitter, panelType: '', description: '' }],
    contacts: [],
    zones: [],
    passcodes: [],
  };
  const draft = await (
    await page.request.post('/api/siteDrafts', { data: { step: 'review', data }, headers: { 'X-XSRF-Token': xsrf } })
  ).json();
  // Another account takes the code first.
  const other = await page.request.post('/api/sites', {
    data: { ...data, account: { ...data.account, siteName: 'First Come Deli' } },
    headers: { 'X-XSRF-Token': xsrf },
  });
  expect(other.status()).toBe(201);
  const { siteNum } = await other.json();

  await page.goto(`/site/create?draft=${draft.id}`);
  await expect(page.getByRole('heading', { name: 'Review', level: 2 })).toBeVisible();
  await press(page, 'Create account');
  await expect(page.getByRole('heading', { name: 'Transmitter and devices', level: 2 })).toBeVisible();
  const message = `Transmitter ${transmitter} is already used by your account ${siteNum} (First Come Deli).`;
  await expect(page.locator('#site-create-devices-0-transmitterCode-helper-text')).toHaveText(message);
  await expect(await field(page, 'Transmitter code')).toHaveValue(transmitter);
  // A new code clears it, and the account is created.
  await (await field(page, 'Transmitter code')).fill(code() + 'B');
  await expect(page.locator('#site-create-devices-0-transmitterCode-helper-text')).not.toHaveText(message);
  await page.getByRole('button', { name: 'Review' }).click();
  await press(page, 'Create account');
  await expect(page).toHaveURL(/\/site\/info\?sn=\d+/);
});
