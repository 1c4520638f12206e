import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The rules whose outcome can differ between the light and dark modes: the rest (names, roles,
 * structure, ARIA) read the DOM, which the mode does not change, so the dark pass runs these only
 * and the light pass runs every rule.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** `SCREENSHOTS=1 npm run test:e2e` keeps a picture of each mode of each checked page to look at. */
const keepScreenshots = !!process.env.SCREENSHOTS;

/**
 * axe in the portal's light and dark modes: the shell reads localStorage 'color-mode' (and its
 * storage event), axe must find nothing serious or critical. Polled: on a loaded machine the switch
 * of mode may still be fading when axe first looks. With SCREENSHOTS set, a screenshot of each mode
 * goes to test-results/<prefix>-<name>-<mode>.png. The page is left in light mode.
 */
export async function checkA11y(page: Page, prefix: string, name: string, { fullPage = true } = {}) {
  // The shell follows localStorage; the sign-in pages follow the system's scheme until one is chosen.
  const setMode = async (mode: 'light' | 'dark') => {
    await page.emulateMedia({ colorScheme: mode });
    await page.evaluate((m) => {
      localStorage.setItem('color-mode', m);
      window.dispatchEvent(new StorageEvent('storage', { key: 'color-mode', newValue: m }));
    }, mode);
  };
  for (const scheme of ['light', 'dark'] as const) {
    await setMode(scheme);
    await expect
      .poll(
        async () => {
          const axe = new AxeBuilder({ page });
          const results = await (scheme === 'dark' ? axe.withRules(COLOUR_RULES) : axe).analyze();
          const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
          return bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
        },
        { message: `${name} (${scheme})`, intervals: [400, 1000, 2000], timeout: 15_000 },
      )
      .toEqual([]);
    if (keepScreenshots) await page.screenshot({ path: `test-results/${prefix}-${name}-${scheme}.png`, fullPage });
  }
  await setMode('light');
}
