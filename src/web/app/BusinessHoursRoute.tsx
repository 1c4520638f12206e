import { AnsServiceNav } from '../ansService/AnsShared.js';
import { BusinessHoursPage } from '../ansService/BusinessHoursPage.js';
import { PageFrame } from '../resources/resourcePage.js';

/** /ans-service/business-hours (src/web/ansService): the week's hours, one form, under the answering service's tabs. */
export function BusinessHoursRoute({ titleKey }: { titleKey: string }) {
  return (
    <PageFrame titleKey={titleKey} nav={AnsServiceNav}>
      <BusinessHoursPage />
    </PageFrame>
  );
}
