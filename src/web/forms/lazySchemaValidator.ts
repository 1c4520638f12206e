import type { AnySchema } from 'ajv';
import type { FieldErrors } from '../../common/validation.js';

type Validate = (values: Record<string, unknown>) => FieldErrors;

/**
 * schemaValidator (./schemaValidator.ts) loaded with the first form that
 * validates: ajv and its formats are a fifth of the signed-in app's JavaScript,
 * and pages without a form (the dashboard, lists, the account view) never need
 * them. react-admin awaits a form's `validate`, so the async one is the same to it.
 */
export function lazySchemaValidator(schema: AnySchema & { properties?: Record<string, unknown> }) {
  let compiled: Promise<Validate> | undefined;
  const load = () => (compiled ??= import('./schemaValidator.js').then((m) => m.schemaValidator(schema as never)));
  return async (values: Record<string, unknown>): Promise<FieldErrors> => (await load())(values);
}
