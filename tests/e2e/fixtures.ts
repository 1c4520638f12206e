import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's test, closing at its end every browser context the test opened itself
 * (browser.newContext(): a second user, a customer page, a phone): Playwright closes only its own
 * `context`, and a page left open keeps its hubs, timers and live alarm notices running, and the
 * two shared cores busy, until the worker ends.
 */
export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});
