import { useTranslate } from 'react-admin';
import { ReportCatalogue } from '../reports/ReportCatalogue.js';
import { ReportInbox } from '../reports/ReportInbox.js';
import { ReportSchedules } from '../reports/ReportSchedules.js';
import { ReportsNav } from '../reports/ReportsNav.js';
import { PageTitle } from './PageTitle.js';

/** /reports, /reports/inbox and /reports/schedules (src/web/reports): the page's title, the area's tabs and the screen. */
export function ReportsRoute({ titleKey, page }: { titleKey: string; page: 'reportCatalogue' | 'reportInbox' | 'reportSchedules' }) {
  const translate = useTranslate();
  return (
    <>
      <PageTitle title={translate(titleKey)} />
      <ReportsNav />
      {page === 'reportCatalogue' && <ReportCatalogue />}
      {page === 'reportInbox' && <ReportInbox />}
      {page === 'reportSchedules' && <ReportSchedules />}
    </>
  );
}
