import { UserAccountPage } from '../userAccount/UserAccountPage.js';
import { PageFrame } from '../resources/resourcePage.js';

/** /user-account (src/web/userAccount): every user's own account. */
export function UserAccountRoute({ titleKey }: { titleKey: string }) {
  return (
    <PageFrame titleKey={titleKey}>
      <UserAccountPage />
    </PageFrame>
  );
}
