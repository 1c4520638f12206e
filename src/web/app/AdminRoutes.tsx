import { useTranslate } from 'react-admin';
import { AccountGroupPage } from '../accountGroup/AccountGroupPage.js';
import { BrandingPage } from '../branding/BrandingPage.js';
import { PageTitle } from '../resources/PageTitle.js';

/** /account-group/info (§6 xtAdmin 'Account Group Settings'). */
export function AccountGroupRoute({ titleKey }: { titleKey: string }) {
  const translate = useTranslate();
  return (
    <>
      <PageTitle title={translate(titleKey)} />
      <AccountGroupPage />
    </>
  );
}

/** /branding (§6 xtAdmin 'Branding'). */
export function BrandingRoute({ titleKey }: { titleKey: string }) {
  const translate = useTranslate();
  return (
    <>
      <PageTitle title={translate(titleKey)} />
      <BrandingPage />
    </>
  );
}
