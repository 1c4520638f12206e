import type { AnySchema } from 'ajv';
import type { FieldErrors } from '../../common/validation.js';

type Validate = (values: Record<string, unknown>) => FieldErrors;

/** The messages (locale keys) of a form's rules beyond its schema, by field; undefined where a field is fine. */
export type FormRules = (values: Record<string, unknown>) => Record<string, string | undefined>;

/**
 * schemaValidator (./schemaValidator.ts) loaded with the first form that
 * validates: ajv and its formats are a fifth of the signed-in app's JavaScript,
 * and pages without a form (the dashboard, lists, the account view) never need
 * them. react-admin awaits a form's `validate`, so the async one is the same to it.
 * `rules` adds the cross-field rules of src/common/*Rules.ts: a rule's message
 * stands over the schema's for its field (it says more: 'Enter a phone number').
 */
export function lazySchemaValidator(schema: AnySchema & { properties?: Record<string, unknown> }, rules?: FormRules) {
  let compiled: Promise<Validate> | undefined;
  const load = () => (compiled ??= import('./schemaValidator.js').then((m) => m.schemaValidator(schema as never)));
  return async (values: Record<string, unknown>): Promise<FieldErrors> => {
    const errors = (await load())(values);
    for (const [field, message] of Object.entries(rules?.(values) ?? {})) if (message) errors[field] = { message, args: {} };
    return errors;
  };
}
