import { useTranslate } from 'react-admin';
import { UserAccountPage } from '../userAccount/UserAccountPage.js';
import { PageTitle } from '../resources/PageTitle.js';

/** /user-account (src/web/userAccount): every user's own account. */
export function UserAccountRoute({ titleKey }: { titleKey: string }) {
  const translate = useTranslate();
  return (
    <>
      <PageTitle title={translate(titleKey)} />
      <UserAccountPage />
    </>
  );
}
