import type { ValidateFunction } from 'ajv';
import { validators } from 'virtual:precompiled-validators';
import { toFieldErrors, type FieldErrors } from '../../common/fieldErrors.js';
import { schemaKey } from './schemaKey.js';

type ObjectSchema = { properties?: Record<string, { type?: string | readonly string[] }> };

function allowsNull(schema: ObjectSchema, field: string): boolean {
  const type = schema.properties?.[field]?.type;
  return Array.isArray(type) ? type.includes('null') : type === 'null';
}

/**
 * The schema's validator, written at build time (scripts/precompiledValidators.ts) and loaded
 * with the first form that needs it: compiling in the page would need 'unsafe-eval' in the CSP.
 */
export async function precompiledValidator(schema: object): Promise<ValidateFunction> {
  const load = validators[schemaKey(schema)];
  if (!load) throw new Error('No precompiled validator for this form schema: list it in src/web/app/validatedSchemas.ts');
  return (await load()).default;
}

/**
 * A react-admin form `validate` function from a JSON Schema in schemas/: the
 * same ajv and the same locale keys as the server, so a field shows the same
 * message before and after a round trip. react-admin translates the
 * `{ message, args }` objects with the i18nProvider.
 *
 * Empty inputs arrive as '' or null; for fields that are not nullable they
 * count as missing, so a required field says "Required" rather than
 * "Must be a string". Values the schema has no property for are left out.
 */
export async function schemaValidator(schema: ObjectSchema) {
  const validate = await precompiledValidator(schema);
  return (values: Record<string, unknown>): FieldErrors => {
    const data: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(values)) {
      // Fields of the form's own (a chosen file, say) are not the schema's business.
      if (schema.properties && !(field in schema.properties)) continue;
      if (value === '' || value === undefined) continue;
      if (value === null && !allowsNull(schema, field)) continue;
      data[field] = value instanceof Date ? value.toISOString() : value;
    }
    if (validate(data)) return {};
    // react-admin reads `{message, args}` as a message only when both keys are there.
    const errors = toFieldErrors(validate.errors);
    return Object.fromEntries(Object.entries(errors).map(([field, m]) => [field, { message: m.message, args: m.args ?? {} }]));
  };
}
