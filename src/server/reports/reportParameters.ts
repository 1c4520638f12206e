import type { ValidateFunction } from 'ajv';
import { REPORT_IDS, REPORT_PARAMETER_SCHEMAS, type ReportId } from '../../../schemas/reports.js';
import { periodProblems } from '../../common/reportRules.js';
import { createAjv, toFieldErrors } from '../../common/validation.js';
import { isTimeZone } from '../../common/timeZone.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../http/errors.js';

const INVALID_FORM = 'validation.invalidForm';

/**
 * A report's parameters against its own schema (schemas/reports.ts, defaults
 * filled in) and the period rule (src/common/reportRules.ts); the accounts
 * named must be in the account group. Problems answer 400 with one message per
 * field, named `parameters.<field>` (and `timeZone`), as the run and schedule
 * forms show them.
 */
export function reportParameterChecker(db: Db) {
  // Each report's schema compiled once, with its defaults filled in.
  const ajv = createAjv();
  const validators = Object.fromEntries(
    REPORT_IDS.map((id) => {
      const { $id: _id, ...schema } = REPORT_PARAMETER_SCHEMAS[id];
      return [id, ajv.compile(schema)];
    }),
  ) as Record<ReportId, ValidateFunction>;

  return {
    /** The parameters with their defaults, or a 400 HttpError. */
    async check(reportId: ReportId, parameters: object, timeZone: string, siteGroupNum: number): Promise<Record<string, unknown>> {
      const copy = structuredClone(parameters) as Record<string, unknown>;
      const validate = validators[reportId];
      const fields: Record<string, string> = {};
      if (!validate(copy)) {
        for (const [field, message] of Object.entries(toFieldErrors(validate.errors))) fields[`parameters.${field}`] = message.message;
      } else {
        for (const [field, key] of Object.entries(periodProblems(copy))) fields[`parameters.${field}`] = key;
      }
      if (!isTimeZone(timeZone)) fields.timeZone = 'reports.errors.timeZone';
      const siteNums = Array.isArray(copy.siteNums) ? (copy.siteNums as number[]) : [];
      if (siteNums.length > 0 && Object.keys(fields).length === 0) {
        const found = await db
          .selectFrom('sites')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('site_group_num', '=', siteGroupNum)
          .where('site_num', 'in', siteNums)
          .executeTakeFirstOrThrow();
        if (Number(found.n) !== siteNums.length) fields['parameters.siteNums'] = 'reports.errors.unknownSites';
      }
      if (Object.keys(fields).length > 0) throw new HttpError(400, INVALID_FORM, {}, fields);
      return copy;
    },
  };
}
