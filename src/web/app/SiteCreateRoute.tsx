import { useTranslate } from 'react-admin';
import { SiteCreatePage } from '../site/create/SiteCreatePage.js';
import { ConfirmDialog } from '../shell/ConfirmDialog.js';
import { PageTitle } from '../resources/PageTitle.js';

/** /site/create: Create New Account (src/web/site/create) with the shell's confirmation dialog. */
export function SiteCreateRoute({ titleKey }: { titleKey: string }) {
  const translate = useTranslate();
  return (
    <>
      <PageTitle title={translate(titleKey)} />
      <SiteCreatePage ConfirmDialog={ConfirmDialog} />
    </>
  );
}
