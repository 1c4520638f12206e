import { SiteImportPage } from '../site/import/SiteImportPage.js';
import { ConfirmDialog } from '../shell/ConfirmDialog.js';
import { PageFrame } from '../resources/resourcePage.js';

/** /site/import: Import Accounts (src/web/site/import) with the shell's confirmation dialog. */
export function SiteImportRoute({ titleKey }: { titleKey: string }) {
  return (
    <PageFrame titleKey={titleKey}>
      <SiteImportPage ConfirmDialog={ConfirmDialog} />
    </PageFrame>
  );
}
