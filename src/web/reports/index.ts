import { lazy } from 'react';
import SummarizeIcon from '@mui/icons-material/Summarize';

/**
 * The reportRuns resource, spread into <Resource name="reportRuns">: a run's page is its show
 * view. The reports area is loaded lazily (SPEC §2), so the view comes with it. Its address is
 * /reports/{id} (SPEC §4), an area route of App.tsx that renders this view in the resource's
 * context; react-admin's own /reportRuns/{id}/show moves there. The list is the inbox,
 * /reports/inbox.
 */
export const reportRuns = {
  show: lazy(() => import('./ReportRunShow.js').then((m) => ({ default: m.ReportRunShow }))),
  icon: SummarizeIcon,
  recordRepresentation: 'reportName',
};
