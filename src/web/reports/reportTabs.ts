// The reports area's paths and its tabs' rule, apart from the report rules: the area's tabs
// (ReportsNav) are part of the portal's start and need only these; the rules load with the pages.

/** The path of the screens. */
export const REPORTS_PATH = '/reports';
export const INBOX_PATH = '/reports/inbox';
export const SCHEDULES_PATH = '/reports/schedules';

/** The tab of the reports area a path belongs to: a run's page (/reports/{id}) is the inbox's. */
export function reportsTab(pathname: string): string {
  if (pathname.startsWith(SCHEDULES_PATH)) return SCHEDULES_PATH;
  if (pathname.startsWith(INBOX_PATH) || /^\/reports\/[^/]+\/?$/.test(pathname)) return INBOX_PATH;
  return REPORTS_PATH;
}
