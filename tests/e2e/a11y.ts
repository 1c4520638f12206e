import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe in the portal's light and dark modes: the shell reads localStorage 'color-mode' (and its
 * storage event), axe must find nothing serious or critical, and a screenshot of each mode goes
 * to test-results/<prefix>-<name>-<mode>.png. Polled: on a loaded machine the switch of mode
 * may still be fading when axe first looks. The page is left in light mode.
 */
export async function checkA11y(page: Page, prefix: string, name: string, { fullPage = true } = {}) {
  const setMode = (mode: 'light' | 'dark') =>
    page.evaluate((m) => {
      localStorage.setItem('color-mode', m);
      window.dispatchEvent(new StorageEvent('storage', { key: 'color-mode', newValue: m }));
    }, mode);
  for (const scheme of ['light', 'dark'] as const) {
    await setMode(scheme);
    await expect
      .poll(
        async () => {
          const results = await new AxeBuilder({ page }).analyze();
          const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
          return bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
        },
        { message: `${name} (${scheme})`, intervals: [400, 1000, 2000], timeout: 15_000 },
      )
      .toEqual([]);
    await page.screenshot({ path: `test-results/${prefix}-${name}-${scheme}.png`, fullPage });
  }
  await setMode('light');
}
