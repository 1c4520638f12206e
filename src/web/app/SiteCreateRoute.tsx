import { SiteCreatePage } from '../site/create/SiteCreatePage.js';
import { ConfirmDialog } from '../shell/ConfirmDialog.js';
import { PageFrame } from '../resources/resourcePage.js';

/** /site/create: Create New Account (src/web/site/create) with the shell's confirmation dialog. */
export function SiteCreateRoute({ titleKey }: { titleKey: string }) {
  return (
    <PageFrame titleKey={titleKey}>
      <SiteCreatePage ConfirmDialog={ConfirmDialog} />
    </PageFrame>
  );
}
