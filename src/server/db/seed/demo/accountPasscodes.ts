import { hashDemoSecret } from './helpers.js';
import type { SiteData } from './sites.js';

/**
 * Alarm accounts whose account passcode is known, so 'Create Account' on the
 * customer login can be tried (account number = site number). None is linked
 * to a customer yet.
 */
export const DEMO_ACCOUNT_PASSCODES: { siteNum: number; passcode: string }[] = [
  { siteNum: 100010, passcode: '4321' },
  { siteNum: 100011, passcode: '8642' },
  { siteNum: 100150, passcode: '2468' },
];

/** Sets the known account passcodes (argon2id hashes) on their accounts, before the sites are inserted. */
export async function hashAccountPasscodes(data: SiteData): Promise<void> {
  const passcodeHashes = await Promise.all(DEMO_ACCOUNT_PASSCODES.map((p) => hashDemoSecret(p.passcode)));
  DEMO_ACCOUNT_PASSCODES.forEach((p, i) => {
    data.sites.find((site) => site.site_num === p.siteNum)!.account_passcode_hash = passcodeHashes[i];
  });
}
