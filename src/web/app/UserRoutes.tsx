import { Navigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { APPLICATION } from '../../common/constants.js';
import { StaffPage } from '../users/StaffPage.js';
import { UserAccountPage } from '../userAccount/UserAccountPage.js';
import { useShellSession } from '../shell/useShellSession.js';
import { PageTitle } from './PageTitle.js';

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

/** /account-group/users (src/web/users): the selected account group's staff, for its administrator. */
export function StaffRoute({ titleKey }: { titleKey: string }) {
  const translate = useTranslate();
  const { user } = useShellSession();
  if (!user) return null;
  // Support staff find every user on /support: the `users` resource answers them the directory.
  if (user.applicationNum === APPLICATION.internal) return <Navigate to="/support" replace />;
  return (
    <>
      <PageTitle title={translate(titleKey)} />
      <StaffPage manager={user} groupName={user.dealer?.siteGroupName ?? ''} groupNum={user.dealer?.siteGroupNum} />
    </>
  );
}
