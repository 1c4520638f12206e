import { useTranslate } from 'react-admin';
import { AnsServiceNav } from '../ansService/AnsShared.js';
import { AutoNotifyPage } from '../ansService/AutoNotifyPage.js';
import { BusinessHoursPage } from '../ansService/BusinessHoursPage.js';
import { HoursExceptionsPage } from '../ansService/HoursExceptionsPage.js';
import { MessagesPage } from '../ansService/MessagesPage.js';
import { OnCallPage } from '../ansService/OnCallPage.js';
import { PageTitle } from './PageTitle.js';

export type AnsServicePage = 'ansMessages' | 'ansOnCall' | 'ansAutoNotify' | 'ansBusinessHours' | 'ansTempBusinessHours';

/** /ans-service/* (src/web/ansService): the page's title, the area's tabs and the screen. */
export function AnsServiceRoute({ titleKey, page }: { titleKey: string; page: AnsServicePage }) {
  const translate = useTranslate();
  return (
    <>
      <PageTitle title={translate(titleKey)} />
      <AnsServiceNav />
      {page === 'ansMessages' && <MessagesPage />}
      {page === 'ansOnCall' && <OnCallPage />}
      {page === 'ansAutoNotify' && <AutoNotifyPage />}
      {page === 'ansBusinessHours' && <BusinessHoursPage />}
      {page === 'ansTempBusinessHours' && <HoursExceptionsPage />}
    </>
  );
}
