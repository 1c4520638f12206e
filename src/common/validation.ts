import { Ajv, type ErrorObject, type KeywordDefinition, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import addErrorsModule from 'ajv-errors';

/**
 * One validator for both sides: Fastify validates requests with it and the
 * react-admin forms validate with it, so the same schema gives the same
 * message in the same place. Messages are locale keys plus arguments; each
 * side translates them with its own i18next instance.
 */
export interface ValidationMessage {
  message: string;
  args?: Record<string, unknown>;
}
export type FieldErrors = Record<string, ValidationMessage>;

// CommonJS default exports seen through ESM.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
const addErrors = (addErrorsModule as unknown as { default?: typeof addErrorsModule }).default ?? addErrorsModule;

/**
 * `notAfter: { field, other, message }` on an object schema: `field` (a date)
 * must not be later than `other` when both are present. The error is reported
 * on `field`, with `message` as its locale key.
 */
export interface NotAfterRule {
  field: string;
  other: string;
  message: string;
}

const notAfter: KeywordDefinition = {
  keyword: 'notAfter',
  type: 'object',
  schemaType: 'object',
  errors: true,
  validate: function validateNotAfter(
    rule: NotAfterRule,
    data: Record<string, unknown>,
    _parent?: unknown,
    ctx?: { instancePath: string },
  ) {
    const start = data[rule.field];
    const end = data[rule.other];
    if (typeof start !== 'string' || typeof end !== 'string') return true;
    const a = Date.parse(start);
    const b = Date.parse(end);
    if (Number.isNaN(a) || Number.isNaN(b) || a <= b) return true;
    (validateNotAfter as unknown as { errors: Partial<ErrorObject>[] }).errors = [
      {
        keyword: 'notAfter',
        instancePath: `${ctx?.instancePath ?? ''}/${rule.field}`,
        params: { other: rule.other },
        message: rule.message,
      },
    ];
    return false;
  },
};

export interface AjvOptions {
  /** Querystrings and path parameters arrive as text: coerce them to the schema's types. */
  coerceTypes?: boolean | 'array';
}

export function createAjv({ coerceTypes = false }: AjvOptions = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    $data: true,
    coerceTypes,
    useDefaults: true,
    strict: true,
    // OpenAPI annotations that live beside the validation keywords.
    keywords: ['example', 'x-label', 'x-sort-fields', 'x-filter'],
  });
  addFormats(ajv);
  addErrors(ajv);
  ajv.addKeyword(notAfter);
  return ajv;
}

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

interface Visit {
  value: unknown;
  key?: string;
  parent?: Visit;
}

/**
 * The first place in a request part (body, query or params) where a text
 * holds a null character (U+0000), in the field notation of toFieldErrors
 * ('' for the part itself); undefined when there is none. PostgreSQL cannot
 * store U+0000 in text, so such a value is refused as input before any
 * query sees it. Keys are checked as well as values. Iterative, so a deeply
 * nested body cannot overflow the stack.
 */
export function findNullCharacter(value: unknown): string | undefined {
  const pathOf = (visit: Visit | undefined, last?: string): string => {
    const keys = last === undefined ? [] : [last];
    for (let v = visit; v?.key !== undefined; v = v.parent) keys.push(v.key);
    return keys.reverse().join('.');
  };
  const stack: Visit[] = [{ value }];
  while (stack.length) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return pathOf(visit);
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (key.includes('\u0000')) return pathOf(visit, key.replaceAll('\u0000', ''));
        stack.push({ value: child, key, parent: visit });
      }
    }
  }
  return undefined;
}

/**
 * How deep a request body may nest objects and arrays. The portal's own bodies nest a few levels
 * (a draft's devices and their zones: six); serialising a value thousands of levels deep for the
 * database overflows the stack. 32 leaves room for any honest form.
 */
export const MAX_BODY_DEPTH = 32;

/** Whether `value` nests objects and arrays deeper than `max` levels (the value itself is level 1). Iterative. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (!current || typeof current !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(current)) if (child && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

const sharedAjvs = new Map<boolean | 'array', Ajv>();
const compiledByText = new Map<string, ValidateFunction>();

/**
 * A validator from the process's one ajv for these options, compiled once per distinct schema.
 * Routes build their schema objects as they register, and making an ajv (formats, error messages,
 * meta-schemas) and compiling took some 40 % of every app's start: a cluster worker restarting its
 * app, and the integration suites' hundreds of apps, paid it each time. Keyed by the schema's text,
 * not its object, so the cache holds one entry per distinct schema however many apps are built.
 */
export function compileCached<T = unknown>(schema: object, { coerceTypes = false }: AjvOptions = {}): ValidateFunction<T> {
  const key = `${String(coerceTypes)} ${JSON.stringify(schema)}`;
  let validate = compiledByText.get(key);
  if (!validate) {
    let ajv = sharedAjvs.get(coerceTypes);
    if (!ajv) sharedAjvs.set(coerceTypes, (ajv = createAjv({ coerceTypes })));
    const id = (schema as { $id?: string }).$id;
    validate = (id && ajv.getSchema(id)) || ajv.compile(schema);
    compiledByText.set(key, validate);
  }
  return validate as ValidateFunction<T>;
}
