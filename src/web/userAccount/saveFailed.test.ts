import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const here = new URL('./', import.meta.url);
const english = JSON.parse(readFileSync(new URL('../../../locales/en/userAccount.json', import.meta.url), 'utf8')) as {
  saveFailed: Record<string, string>;
};

/**
 * A save on /user-account that fails without a server message says what failed, with SPEC §8's
 * default for it ('The server's error text is shown when present, otherwise the default below'),
 * not 'Your account could not be loaded', which is the page's own load failure.
 */
describe('user account save failures', () => {
  it("have SPEC §8's texts for the profile, the contact and the password", () => {
    expect(english.saveFailed).toMatchObject({
      profile: 'An error occurred while updating the user',
      contact: 'An error occurred while updating your contact information',
      password: 'An error occurred while resetting your password',
      code: 'An error occurred while verifying your authentication code',
      credentials: 'An error occurred while validating your credentials',
    });
  });

  it("leave the load failure to the page's load: no section falls back to it", () => {
    const sections = readdirSync(here).filter((name) => name.endsWith('.tsx') && name !== 'UserAccountPage.tsx');
    const offenders = sections.filter((name) => readFileSync(new URL(name, here), 'utf8').includes("'userAccount.loadFailed'"));
    expect(offenders).toEqual([]);
    const keys = sections.flatMap((name) =>
      [...readFileSync(new URL(name, here), 'utf8').matchAll(/'userAccount\.saveFailed\.(\w+)'/g)].map((m) => m[1]!),
    );
    expect(keys.length).toBeGreaterThanOrEqual(10);
    for (const key of keys) expect(english.saveFailed[key], key).toBeTruthy();
  });
});
