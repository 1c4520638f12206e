import type { ErrorObject } from 'ajv';

/**
 * One validator's messages for both sides: Fastify validates requests with the ajv of
 * ./validation.ts and the react-admin forms with validators the build writes from that ajv, so
 * the same schema gives the same message in the same place. Messages are locale keys plus
 * arguments; each side translates them with its own i18next instance. Apart from
 * ./validation.ts so that the browser maps errors without loading ajv.
 */
export interface ValidationMessage {
  message: string;
  args?: Record<string, unknown>;
}
export type FieldErrors = Record<string, ValidationMessage>;

/** Locale key (in locales/<lang>/validation.json) for each JSON Schema keyword. */
function messageFor(error: ErrorObject): ValidationMessage {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { message: 'validation.required' };
    case 'minLength':
      return p.limit === 1 ? { message: 'validation.required' } : { message: 'validation.minLength', args: { min: p.limit } };
    case 'maxLength':
      return { message: 'validation.maxLength', args: { max: p.limit } };
    case 'minimum':
      return { message: 'validation.minValue', args: { min: p.limit } };
    case 'maximum':
      return { message: 'validation.maxValue', args: { max: p.limit } };
    case 'enum':
      return { message: 'validation.oneOf', args: { options: (p.allowedValues as unknown[]).filter((v) => v !== null).join(', ') } };
    case 'format':
      return { message: `validation.format.${String(p.format)}` };
    case 'type':
      return { message: 'validation.type', args: { type: String(p.type) } };
    case 'additionalProperties':
      return { message: 'validation.unknownField' };
    case 'pattern':
      return { message: 'validation.pattern' };
    case 'notAfter':
    case 'errorMessage':
      return { message: error.message ?? 'validation.invalid', args: argsOfWrapped(error) };
    default:
      return { message: 'validation.invalid' };
  }
}

/** ajv-errors wraps the original errors; their limits become the message's arguments. */
function argsOfWrapped(error: ErrorObject): Record<string, unknown> | undefined {
  const inner = (error.params as { errors?: ErrorObject[] }).errors?.[0];
  return inner ? messageFor(inner).args : undefined;
}

function fieldOf(error: ErrorObject): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const p = error.params as Record<string, unknown>;
  if (error.keyword === 'required') segments.push(String(p.missingProperty));
  // ajv-errors' own message for a missing property (`errorMessage: { required: { file: … } }`) is that property's.
  const wrapped = error.keyword === 'errorMessage' ? (p.errors as ErrorObject[] | undefined)?.[0] : undefined;
  if (wrapped?.keyword === 'required') segments.push(String((wrapped.params as Record<string, unknown>).missingProperty));
  if (error.keyword === 'additionalProperties') segments.push(String(p.additionalProperty));
  return segments.join('.');
}

/**
 * ajv errors to one message per field, in the shape react-admin shows beside
 * each input (`{ title: {message, args} }`). The first error of a field wins,
 * so "Required" is not buried under "Must be a valid email". Errors on the
 * object itself go under `root`.
 */
export function toFieldErrors(errors: readonly ErrorObject[] | null | undefined): FieldErrors {
  const result: FieldErrors = {};
  for (const error of errors ?? []) {
    const field = fieldOf(error) || 'root';
    if (!(field in result)) result[field] = messageFor(error);
  }
  return result;
}
