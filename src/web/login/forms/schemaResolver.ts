import i18next from 'i18next';
import type { FieldValues, Resolver } from 'react-hook-form';
import { schemaValidator } from '../../forms/schemaValidator.js';
import type { FieldErrors as ValidationErrors } from '../../../common/fieldErrors.js';

type ObjectSchema = { properties?: Record<string, { type?: string | readonly string[] }> };

type Translate = (key: string, args?: Record<string, unknown>) => string;

/**
 * ajv's one-message-per-field errors ('questions.0.answer': {message, args}) as
 * react-hook-form's nested error tree, messages translated.
 */
export function toHookFormErrors(errors: ValidationErrors, translate: Translate): Record<string, unknown> {
  const tree: Record<string, unknown> = {};
  for (const [field, { message, args }] of Object.entries(errors)) {
    const segments = field.split('.');
    let node = tree;
    for (const segment of segments.slice(0, -1)) {
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    }
    node[segments.at(-1)!] = { type: 'schema', message: translate(message, args) };
  }
  return tree;
}

/**
 * A react-hook-form resolver from a JSON Schema of schemas/*.ts: the server's ajv, rules
 * and locale keys (locales/<lang>/validation.json), translated with i18next. The schema's
 * precompiled validator loads with the first validation.
 */
export function schemaResolver<T extends FieldValues = FieldValues>(schema: ObjectSchema): Resolver<T> {
  let validator: ReturnType<typeof schemaValidator> | undefined;
  return async (values) => {
    const validate = await (validator ??= schemaValidator(schema));
    const errors = validate(values as Record<string, unknown>);
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    const translate: Translate = (key, args) => (i18next.isInitialized ? (i18next.t(key, { ...args, defaultValue: key }) as string) : key);
    return { values: {}, errors: toHookFormErrors(errors, translate) as never };
  };
}
