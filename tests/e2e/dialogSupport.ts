import { expect, type Locator, type Page } from '@playwright/test';
import { expectAxeClean, shot } from './a11y.js';

/**
 * Helpers of the sign-in dialog journeys (recovery, SSO, registration): the
 * ALTCHA widget, the demo outbox, the colour mode, axe and screenshots.
 */

export type Theme = 'light' | 'dark';

/** Opens `url` in the given colour mode (the login page reads localStorage 'color-mode'). */
export async function openIn(page: Page, url: string, theme: Theme = 'light') {
  await page.addInitScript((mode) => window.localStorage.setItem('color-mode', mode), theme);
  await page.emulateMedia({ colorScheme: theme });
  await page.goto(url);
}

/** Ticks the captcha inside `scope` and waits for the proof of work (a second or so). */
export async function solveCaptcha(scope: Locator) {
  const widget = scope.getByTestId('captcha');
  await widget.getByRole('checkbox').click();
  await expect(widget.locator('.altcha[data-state="verified"]')).toBeVisible({ timeout: 20_000 });
}

interface OutboxEntry {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  createdAt: string;
}

/** The newest message to `to` sent after `since` whose text matches `pattern`; the first capture group. */
export async function fromOutbox(page: Page, to: string, pattern: RegExp, since = 0): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const entries = (await response.json()) as OutboxEntry[];
        for (const entry of entries) {
          if (Date.parse(entry.createdAt) < since) continue;
          const match = pattern.exec(entry.text);
          if (match) {
            found = match[1] ?? match[0];
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** No serious or critical axe violation inside `selector`; with SCREENSHOTS set, a screenshot under test-results/. */
export async function checkScreen(page: Page, name: string, theme: Theme, selector = '[role="dialog"]') {
  await expectAxeClean(page, `${name} (${theme})`, { include: selector });
  await shot(page, `dialogs-${name}-${theme}`);
}

/** The open dialog titled `title`. */
export function dialog(page: Page, title: string | RegExp): Locator {
  return page.getByRole('dialog', { name: title });
}

/** The input labelled exactly `label` (MUI adds ' *' to required labels; buttons beside it do not match). */
export function field(scope: Locator | Page, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}\\s*\\*?$`));
}
