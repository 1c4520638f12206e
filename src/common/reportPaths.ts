// The report pages' paths, apart from the period rules (and date-fns): the shell's report notice
// and the sign-in app's download link need only these.

/** The page of one report run in the portal, `/reports/{id}` (SPEC §4 Report download 'Verified: go to /reports/{id}'). */
export function reportRunPath(runId: number): string {
  return `/reports/${runId}`;
}

/** Where a way to a run leads (the report notice, an internal user's link): its page, or the inbox when no run is named. */
export function reportPagePath(runId: number | undefined): string {
  return runId ? reportRunPath(runId) : '/reports/inbox';
}
