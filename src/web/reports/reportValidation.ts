import { periodProblems } from '../../common/reportRules.js';
import type { FieldErrors, ValidationMessage } from '../../common/validation.js';
import { lazySchemaValidator } from '../forms/lazySchemaValidator.js';
import { cleanParameters, nestErrors, PARAMETERS, withoutId, type ParamSchema } from './reportRules.js';

type Validate = (values: Record<string, unknown>) => Promise<FieldErrors>;

/** One validator per report (its schema without its $id, as src/web/app/validatedSchemas.ts lists it). */
const compiled = new Map<string, Validate>();

/**
 * The errors of a report's parameters as the run and schedule forms show them, by field: the
 * report's schema (the server's ajv and messages) on what would be sent, the period rule of
 * src/common/reportRules.ts, and 'choose at least one' for an empty list of choices.
 */
export async function parameterErrors(reportId: string, schema: ParamSchema, values: unknown): Promise<FieldErrors> {
  let validate = compiled.get(reportId);
  if (!validate) {
    validate = lazySchemaValidator(withoutId(schema));
    compiled.set(reportId, validate);
  }
  const params = cleanParameters(schema, (values ?? {}) as Record<string, unknown>);
  const errors: FieldErrors = { ...(await validate(params)) };
  for (const [field, key] of Object.entries(periodProblems(params))) errors[field] ??= { message: key };
  for (const [field, property] of Object.entries(schema.properties ?? {})) {
    const value = params[field];
    if (Array.isArray(value) && value.length === 0 && Number(property.minItems ?? 0) > 0) {
      errors[field] = { message: 'reportScreens.validation.chooseOne' };
    }
  }
  return errors;
}

/** A form's top-level errors by field: 'recipients.2' is the recipients input's. */
export function collapseErrors(errors: FieldErrors): Record<string, ValidationMessage> {
  const out: Record<string, ValidationMessage> = {};
  for (const [key, error] of Object.entries(errors)) {
    const field = key.split('.')[0] || 'root';
    if (field === PARAMETERS) continue;
    if (!(field in out)) out[field] = error;
  }
  return out;
}

/** The run form's `validate`: its parameters' errors, nested under `parameters`. */
export function runFormValidator(reportId: string, schema: ParamSchema) {
  return async (values: Record<string, unknown>) => nestErrors(await parameterErrors(reportId, schema, values[PARAMETERS]));
}
