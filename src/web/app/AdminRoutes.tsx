import { AccountGroupPage } from '../accountGroup/AccountGroupPage.js';
import { BrandingPage } from '../branding/BrandingPage.js';
import { PageFrame } from '../resources/resourcePage.js';

/** /account-group/info (§6 xtAdmin 'Account Group Settings'). */
export function AccountGroupRoute({ titleKey }: { titleKey: string }) {
  return (
    <PageFrame titleKey={titleKey}>
      <AccountGroupPage />
    </PageFrame>
  );
}

/** /branding (§6 xtAdmin 'Branding'). */
export function BrandingRoute({ titleKey }: { titleKey: string }) {
  return (
    <PageFrame titleKey={titleKey}>
      <BrandingPage />
    </PageFrame>
  );
}
