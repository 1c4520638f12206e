import { useTranslate } from 'react-admin';
import { APPLICATION } from '../../common/constants.js';
import { BillingPage } from '../billing/BillingPage.js';
import { useShellSession } from '../shell/useShellSession.js';
import { AreaPage } from './AreaPage.js';
import { PageTitle } from './PageTitle.js';

/** /billing: the customer's billing (issue 14, src/web/billing); dealers keep the area's placeholder until their billing (issue 15). */
export function BillingRoute({ titleKey }: { titleKey: string }) {
  const translate = useTranslate();
  const { user } = useShellSession();
  if (user?.applicationNum !== APPLICATION.customer) return <AreaPage titleKey={titleKey} />;
  return (
    <>
      <PageTitle title={translate(titleKey)} />
      <BillingPage />
    </>
  );
}
