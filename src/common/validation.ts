import { _, Ajv, type CodeKeywordDefinition, type CodeOptions, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import addErrorsModule from 'ajv-errors';

export { toFieldErrors, type FieldErrors, type ValidationMessage } from './fieldErrors.js';

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

// Generated code rather than a function, so the browser's precompiled validators carry it too
// (a keyword's function cannot be written out as standalone code).
const notAfter: CodeKeywordDefinition = {
  keyword: 'notAfter',
  type: 'object',
  schemaType: 'object',
  error: {
    message: ({ schema }) => (schema as NotAfterRule).message,
    params: ({ schema }) => _`{other: ${(schema as NotAfterRule).other}}`,
  },
  code(cxt) {
    const { gen, data } = cxt;
    const rule = cxt.schema as NotAfterRule;
    const start = gen.const('start', _`${data}[${rule.field}]`);
    const end = gen.const('end', _`${data}[${rule.other}]`);
    const later = _`typeof ${start} == "string" && typeof ${end} == "string" && Date.parse(${start}) > Date.parse(${end})`;
    // Reported on `field`. ajv's types ask for code here, but it takes a property name and escapes it.
    gen.if(later, () => cxt.error(false, undefined, { instancePath: rule.field as never }));
  },
};

export interface AjvOptions {
  /** Querystrings and path parameters arrive as text: coerce them to the schema's types. */
  coerceTypes?: boolean | 'array';
  /** ajv's code generation options: the browser's build writes validators out as modules (`source`, `esm`). */
  code?: CodeOptions;
}

/**
 * The one ajv setup of both sides: Fastify validates requests with it, and the build writes the
 * browser's form validators with it (scripts/precompiledValidators.ts), so the same schema gives
 * the same message in the same place (./fieldErrors.ts).
 */
export function createAjv({ coerceTypes = false, code }: AjvOptions = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    $data: true,
    coerceTypes,
    useDefaults: true,
    strict: true,
    // OpenAPI annotations that live beside the validation keywords.
    keywords: ['example', 'x-label', 'x-sort-fields', 'x-filter'],
    ...(code && { code }),
  });
  addFormats(ajv);
  addErrors(ajv);
  ajv.addKeyword(notAfter);
  return ajv;
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
