import { lazy } from 'react';
import { withPageCatalogues } from '../providers/i18nProvider.js';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import SummarizeIcon from '@mui/icons-material/Summarize';
import { resourcePage } from '../resources/resourcePage.js';
import { ReportsNav } from './ReportsNav.js';

/** My report runs, spread into <Resource name="reports/inbox">: the list is my inbox, under the reports area's tabs. */
export const reportsInbox = {
  ...resourcePage({ titleKey: 'shell.pages.reportsInbox', nav: ReportsNav }, () => import('./ReportInbox.js').then((m) => m.ReportInbox)),
  icon: SummarizeIcon,
  recordRepresentation: 'reportName',
};

/**
 * The report runs under their API name, spread into <Resource name="reportRuns">: a run's page is
 * its show view. The reports screens name the runs `reportRuns`, so react-admin's links to a run
 * are /reportRuns/{id}/show; the view moves them to the run's address, /reports/{id} (SPEC §4), an
 * area route of App.tsx that renders this view. Loaded lazily with the reports area (SPEC §2).
 */
export const reportRuns = {
  show: lazy(withPageCatalogues(() => import('./ReportRunShow.js').then((m) => ({ default: m.ReportRunShow })))),
  icon: SummarizeIcon,
  recordRepresentation: 'reportName',
};

/** My scheduled reports, spread into <Resource name="reports/schedules">: the list and its slide-over (/create, /:id). */
export const reportSchedules = {
  ...resourcePage({ titleKey: 'shell.pages.reportSchedules', nav: ReportsNav }, () =>
    import('./ReportSchedules.js').then((m) => m.ReportSchedules),
  ),
  icon: EventRepeatIcon,
  recordRepresentation: 'name',
};
