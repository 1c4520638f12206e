import { ResourceContextProvider } from 'react-admin';
import { reportRuns } from '../reports/index.js';
import { ReportCatalogue } from '../reports/ReportCatalogue.js';
import { ReportsNav } from '../reports/ReportsNav.js';
import { PageFrame } from '../resources/resourcePage.js';

/** A run's page: the reportRuns resource's show view, in that resource's context (react-admin's own path for it is /reportRuns/{id}/show). */
function ReportRun() {
  const Show = reportRuns.show;
  return (
    <ResourceContextProvider value="reportRuns">
      <Show />
    </ResourceContextProvider>
  );
}

/**
 * /reports and /reports/{id} (src/web/reports): the page's title, the area's tabs and the catalogue
 * or the run. The inbox and the schedules are their resources' lists (src/web/reports/index.ts).
 */
export function ReportsRoute({ titleKey, page }: { titleKey: string; page: 'reportCatalogue' | 'reportRun' }) {
  return (
    <PageFrame titleKey={titleKey} nav={ReportsNav}>
      {page === 'reportCatalogue' ? <ReportCatalogue /> : <ReportRun />}
    </PageFrame>
  );
}
