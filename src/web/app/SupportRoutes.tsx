import { useParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { SupportSearch } from '../support/SupportSearch.js';
import { SupportUserPage } from '../support/SupportUserPage.js';
import { parseUserId } from '../support/supportRules.js';
import { describeUserAgent } from '../userAccount/userAgent.js';
import { NotFoundPage } from './ErrorPages.js';
import { PageTitle } from '../resources/PageTitle.js';
import { PageFrame } from '../resources/resourcePage.js';

/** /support (src/web/support): the directory of every user. */
export function SupportRoute({ titleKey }: { titleKey: string }) {
  return (
    <PageFrame titleKey={titleKey}>
      <SupportSearch />
    </PageFrame>
  );
}

/** /support/users/:id: a user's page, naming browsers as /user-account does (src/web/userAccount/userAgent.ts). */
export function SupportUserRoute({ titleKey }: { titleKey: string }) {
  const translate = useTranslate();
  const userId = parseUserId(useParams().id);
  const deviceName = (userAgent: string | null) => {
    const { browser, os } = describeUserAgent(userAgent);
    if (browser && os) return translate('support.user.devices.browser', { browser, os });
    return browser ?? os ?? translate('support.user.devices.unknownBrowser');
  };
  if (userId === undefined) return <NotFoundPage />;
  return (
    <>
      <PageTitle title={translate('shell.pages.support')} documentTitle={translate(titleKey)} />
      <SupportUserPage key={userId} userId={userId} deviceName={deviceName} />
    </>
  );
}
