import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/**
 * The rules whose outcome can differ between the light and dark modes: the rest (names, roles,
 * structure, ARIA) read the DOM, which the mode does not change, so the dark pass runs these only
 * and the light pass runs every rule.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** `SCREENSHOTS=1 npm run test:e2e` keeps a picture of each checked page and mode to look at. */
export const keepScreenshots = !!process.env.SCREENSHOTS;

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * One axe pass. A page without frames runs axe-core in the page itself, injected once per document:
 * AxeBuilder injects it again for every pass and finishes each in a page of its own, which took
 * 1.2 to 1.5 s a pass on the dashboard against 0.4 s in place (the same rules on the same DOM). A
 * page with frames (the Knowledge Base) goes through AxeBuilder, which runs axe in each frame too.
 */
async function runAxe(page: Page, include: string | undefined, options: RunOptions): Promise<AxeResults['violations']> {
  if (page.frames().length > 1) {
    let builder = new AxeBuilder({ page }).options(options);
    if (include) builder = builder.include(include);
    return (await builder.analyze()).violations;
  }
  const run = () =>
    page.evaluate(
      ([selector, runOptions]) => {
        const axe = (window as unknown as { axe?: typeof import('axe-core') }).axe;
        if (!axe) return undefined;
        return axe.run(selector ? { include: [[selector]] } : document, runOptions).then((r) => r.violations);
      },
      [include, options] as const,
    );
  const first = await run();
  if (first) return first;
  await page.evaluate(axeSource);
  return (await run())!;
}

/**
 * No serious or critical axe violation on the page (or inside `include`), polled: on a loaded
 * machine a change of mode or a dialog may still be settling when axe first looks. axe reports
 * every violation in full; the passes it lists are cut to one node each (`resultTypes`), which
 * spares a fifth of each pass.
 */
export async function expectAxeClean(page: Page, message: string, { include, rules }: { include?: string; rules?: string[] } = {}) {
  await expect
    .poll(
      async () => {
        const violations = await runAxe(page, include, {
          resultTypes: ['violations'],
          ...(rules && { runOnly: { type: 'rule', values: rules } }),
        });
        const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        return bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
      },
      { message, intervals: [400, 1000, 2000], timeout: 15_000 },
    )
    .toEqual([]);
}

/** Switches the portal's colour mode: the shell reads localStorage 'color-mode' (and its storage event). */
export async function setColorMode(page: Page, mode: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: mode });
  await page.evaluate((m) => {
    localStorage.setItem('color-mode', m);
    window.dispatchEvent(new StorageEvent('storage', { key: 'color-mode', newValue: m }));
  }, mode);
}

/**
 * axe in the portal's light and dark modes (the sign-in pages follow the system's scheme until one
 * is chosen, the shell localStorage): nothing serious or critical. With SCREENSHOTS set, a
 * screenshot of each mode goes to test-results/<prefix>-<name>-<mode>.png. The page is left in
 * light mode.
 */
export async function checkA11y(
  page: Page,
  prefix: string,
  name: string,
  { fullPage = true, include }: { fullPage?: boolean; include?: string } = {},
) {
  for (const scheme of ['light', 'dark'] as const) {
    await setColorMode(page, scheme);
    await expectAxeClean(page, `${name} (${scheme})`, { include, rules: scheme === 'dark' ? COLOUR_RULES : undefined });
    await shot(page, `${prefix}-${name}-${scheme}`, { fullPage });
  }
  await setColorMode(page, 'light');
}

/** A screenshot to look at (test-results/<name>.png), with SCREENSHOTS set only: it asserts nothing. */
export async function shot(page: Page, name: string, { fullPage = false } = {}) {
  if (keepScreenshots) await page.screenshot({ path: `test-results/${name}.png`, fullPage });
}
