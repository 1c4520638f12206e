import type { FieldErrors } from '../../common/fieldErrors.js';
import { schemaValidator } from './schemaValidator.js';

type Validate = (values: Record<string, unknown>) => FieldErrors;

/** The messages (locale keys) of a form's rules beyond its schema, by field; undefined where a field is fine. */
export type FormRules = (values: Record<string, unknown>) => Record<string, string | undefined>;

/**
 * schemaValidator (./schemaValidator.ts) loaded with the first validation: each schema's
 * validator is a chunk of its own, and pages without a form (the dashboard, lists, the account
 * view) never load one. react-admin awaits a form's `validate`, so the async one is the same to it.
 * `rules` adds the cross-field rules of src/common/*Rules.ts: a rule's message
 * stands over the schema's for its field (it says more: 'Enter a phone number').
 */
export function lazySchemaValidator(schema: { properties?: Record<string, unknown> }, rules?: FormRules) {
  let compiled: Promise<Validate> | undefined;
  const load = () => (compiled ??= schemaValidator(schema as never));
  return async (values: Record<string, unknown>): Promise<FieldErrors> => {
    const errors = (await load())(values);
    for (const [field, message] of Object.entries(rules?.(values) ?? {})) if (message) errors[field] = { message, args: {} };
    return errors;
  };
}
