import { APPLICATION } from '../../common/constants.js';
import { BillingPage } from '../billing/BillingPage.js';
import { DealerBillingPage } from '../billing/DealerBillingPage.js';
import { useShellSession } from '../shell/useShellSession.js';
import { PageFrame } from '../resources/resourcePage.js';

/**
 * /billing: the customer's billing or the dealer's station invoices, both in
 * src/web/billing. The access table opens it to those two applications only (§6 billingRead).
 */
export function BillingRoute({ titleKey }: { titleKey: string }) {
  const { user } = useShellSession();
  return (
    <PageFrame titleKey={titleKey}>
      {user?.applicationNum === APPLICATION.customer ? <BillingPage /> : <DealerBillingPage group={user?.dealer} />}
    </PageFrame>
  );
}
