import type { ReportDefinition } from '../../../../schemas/reports.js';
import type { httpClient } from '../http.js';

/** The report calls beyond the runs' and schedules' simple-rest ones. */
export interface ReportsMethods {
  /** Each report with the JSON Schema of its parameters (the run form is generated from it). */
  reportCatalogue(): Promise<ReportDefinition[]>;
}

/** GET /api/reportRuns/{id}/file: the file of a done run (the browser follows it; the session cookie carries the download). */
export function reportFileUrl(id: number): string {
  return `/api/reportRuns/${id}/file`;
}

export function reportsMethods(http: typeof httpClient): ReportsMethods {
  return {
    async reportCatalogue() {
      const { json } = await http('/api/reports');
      return json as ReportDefinition[];
    },
  };
}
