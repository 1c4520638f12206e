import type { ReportId, ReportParamsById } from '../../../schemas/reports.js';
import { writeReport } from './formats/writeReport.js';
import { REPORT_DEFINITIONS } from './reportDefinitions.js';
import type { ReportEngine } from './reportJobs.js';

/** The report engine the runner uses: what each report reads (reportDefinitions.ts) and how it is written (formats/). */
export const reportEngine: ReportEngine = {
  build(reportId, parameters, context) {
    const build = REPORT_DEFINITIONS[reportId] as (
      params: ReportParamsById[ReportId],
      ctx: typeof context,
    ) => ReturnType<ReportEngine['build']>;
    return build(parameters as unknown as ReportParamsById[ReportId], context);
  },
  write: writeReport,
};
