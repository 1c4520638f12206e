import type { AnySchema } from 'ajv';
import { createAjv, toFieldErrors, type FieldErrors } from '../../common/validation.js';

type ObjectSchema = { properties?: Record<string, { type?: string | readonly string[] }> };

const ajv = createAjv();

function allowsNull(schema: ObjectSchema, field: string): boolean {
  const type = schema.properties?.[field]?.type;
  return Array.isArray(type) ? type.includes('null') : type === 'null';
}

/**
 * A react-admin form `validate` function from a JSON Schema in schemas/: the
 * same ajv and the same locale keys as the server, so a field shows the same
 * message before and after a round trip. react-admin translates the
 * `{ message, args }` objects with the i18nProvider.
 *
 * Empty inputs arrive as '' or null; for fields that are not nullable they
 * count as missing, so a required field says "Required" rather than
 * "Must be a string".
 */
export function schemaValidator(schema: AnySchema & ObjectSchema) {
  const validate = ajv.compile(schema);
  return (values: Record<string, unknown>): FieldErrors => {
    const data: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(values)) {
      if (value === '' || value === undefined) continue;
      if (value === null && !allowsNull(schema, field)) continue;
      data[field] = value instanceof Date ? value.toISOString() : value;
    }
    return validate(data) ? {} : toFieldErrors(validate.errors);
  };
}
