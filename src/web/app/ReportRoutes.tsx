import { ResourceContextProvider, useTranslate } from 'react-admin';
import { reportRuns } from '../reports/index.js';
import { ReportCatalogue } from '../reports/ReportCatalogue.js';
import { ReportInbox } from '../reports/ReportInbox.js';
import { ReportSchedules } from '../reports/ReportSchedules.js';
import { ReportsNav } from '../reports/ReportsNav.js';
import { PageTitle } from './PageTitle.js';

/** A run's page: the reportRuns resource's show view, in that resource's context (react-admin's own path for it is /reportRuns). */
function ReportRun() {
  const Show = reportRuns.show;
  return (
    <ResourceContextProvider value="reportRuns">
      <Show />
    </ResourceContextProvider>
  );
}

/** /reports, /reports/inbox, /reports/schedules and /reports/{id} (src/web/reports): the page's title, the area's tabs and the screen. */
export function ReportsRoute({
  titleKey,
  page,
}: {
  titleKey: string;
  page: 'reportCatalogue' | 'reportInbox' | 'reportSchedules' | 'reportRun';
}) {
  const translate = useTranslate();
  return (
    <>
      <PageTitle title={translate(titleKey)} />
      <ReportsNav />
      {page === 'reportCatalogue' && <ReportCatalogue />}
      {page === 'reportInbox' && <ReportInbox />}
      {page === 'reportSchedules' && <ReportSchedules />}
      {page === 'reportRun' && <ReportRun />}
    </>
  );
}
