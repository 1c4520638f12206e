import { describe, expect, it } from 'vitest';
import type { ErrorObject } from 'ajv';
import { validators } from 'virtual:precompiled-validators';
import { createAjv, toFieldErrors } from '../../common/validation.js';
import { precompiledValidator } from '../forms/schemaValidator.js';
import { schemaKey } from '../forms/schemaKey.js';
import { validatedSchemas } from './validatedSchemas.js';

type Schema = { properties?: Record<string, { type?: unknown; format?: string }>; required?: string[] };

/** Bad values of every kind for a form: missing, mistyped, too long, malformed, unknown fields. */
function badInputs(schema: Schema): Record<string, unknown>[] {
  const fields = Object.keys(schema.properties ?? {});
  const each = (value: (field: string) => unknown) => Object.fromEntries(fields.map((field) => [field, value(field)]));
  return [
    {},
    each(() => 12345),
    each(() => 'not a value of any format'),
    each(() => 'x'.repeat(5000)),
    each(() => ' '),
    each(() => -1),
    each(() => [1, 'a', null]),
    each(() => ({ nested: true })),
    { ...each(() => '2026-03-02T10:00:00Z'), expirationDate: '2026-03-01T10:00:00Z', end: '2026-03-01T10:00:00Z' },
    { unknownField: 'x' },
  ];
}

/** What a form makes of the errors, and the errors themselves without where in the schema they came from. */
const outcome = (errors: readonly ErrorObject[] | null | undefined) => ({
  fields: toFieldErrors(errors),
  errors: (errors ?? []).map(({ keyword, instancePath, params, message }) => ({ keyword, instancePath, params, message })),
});

describe('the precompiled form validators (no compiling in the page, so no unsafe-eval)', () => {
  const schemas = Object.entries(validatedSchemas());

  it('has a validator for every schema the browser validates', () => {
    const missing = schemas.filter(([, schema]) => !validators[schemaKey(schema)]).map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it.each(schemas)('%s: gives the errors that ajv compiling at run time gives', async (_name, schema) => {
    const precompiled = await precompiledValidator(schema);
    const compiled = createAjv().compile(schema);
    for (const input of badInputs(schema as Schema)) {
      const a = structuredClone(input);
      const b = structuredClone(input);
      expect(precompiled(a)).toBe(compiled(b));
      expect(outcome(precompiled.errors)).toEqual(outcome(compiled.errors));
      // Defaults filled in the same way.
      expect(a).toEqual(b);
    }
  });

  it('finds a schema built in another key order, as the server sends it', () => {
    const [, schema] = schemas.find(([name]) => name === 'newsItemInput')!;
    const reordered = Object.fromEntries(Object.entries(schema).reverse());
    expect(schemaKey(reordered)).toBe(schemaKey(schema));
  });
});
