import { useTranslate } from 'react-admin';
import { APPLICATION } from '../../common/constants.js';
import { BillingPage } from '../billing/BillingPage.js';
import { DealerBillingPage } from '../billing/DealerBillingPage.js';
import { useShellSession } from '../shell/useShellSession.js';
import { AreaPage } from './AreaPage.js';
import { PageTitle } from './PageTitle.js';

/** /billing: the customer's billing (issue 14) or the dealer's station invoices (issue 15), both in src/web/billing. */
export function BillingRoute({ titleKey }: { titleKey: string }) {
  const translate = useTranslate();
  const { user } = useShellSession();
  const app = user?.applicationNum;
  if (app !== APPLICATION.customer && app !== APPLICATION.dealer) return <AreaPage titleKey={titleKey} />;
  return (
    <>
      <PageTitle title={translate(titleKey)} />
      {app === APPLICATION.customer ? <BillingPage /> : <DealerBillingPage group={user?.dealer} />}
    </>
  );
}
