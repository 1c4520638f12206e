import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/** Building blocks the entity schemas share. */

/** The range of a PostgreSQL integer (int4) column: larger numbers are refused as input, never sent to the database. */
export const INT4_MAX = 2147483647;
export const int4Range = { minimum: -2147483648, maximum: INT4_MAX } as const;
/** A serial key as the database hands them out. */
export const serialId = { type: 'integer', minimum: 1, maximum: INT4_MAX } as const;
/**
 * A list filter's `id: [..]`: react-admin's getMany reads `?filter={"id":[1,2]}`, and the list
 * answers it in its own query. `ids` of serial keys; `int4Ids` where the filter has always taken any
 * int4 (an id that cannot exist finds nothing).
 */
export const idsFilter = { type: 'array', items: serialId, maxItems: 1000 } as const;
export const int4IdsFilter = { type: 'array', items: { type: 'integer', ...int4Range }, maxItems: 1000 } as const;
/**
 * What the filter of an account's rows (its contacts, zones, …) needs: the account (`siteNum`), or
 * getMany's `id` list alone, which reads rows of any account the user may reach. Spread into the
 * filter's object schema beside its properties; each alternative names its property again, as
 * ajv's strict mode asks of a `required`.
 */
function siteNumOrIds<const I>(ids: I) {
  return {
    anyOf: [
      { properties: { siteNum: serialId }, required: ['siteNum'] },
      { properties: { id: ids }, required: ['id'] },
    ],
  } as const;
}
export const nullableDateTime = { type: ['string', 'null'], format: 'date-time' } as const;

type Properties = Readonly<Record<string, JSONSchema>>;

/** One boolean property per name, in the names' order: a set of flags. */
export function booleanProperties<const N extends readonly string[]>(names: N) {
  return Object.fromEntries(names.map((name) => [name, { type: 'boolean' }])) as {
    readonly [K in N[number]]: { readonly type: 'boolean' };
  };
}
type Closed<P extends Properties> = { readonly type: 'object'; readonly additionalProperties: false; readonly properties: P };

/**
 * An object of the API, bodies and answers alike: the named properties and no other
 * (additionalProperties: false), every one of them required unless a `required` list comes
 * first (`[]`: none).
 */
export function closedObject<const P extends Properties>(properties: P): Closed<P> & { readonly required: readonly (keyof P & string)[] };
export function closedObject<const P extends Properties>(required: readonly [], properties: P): Closed<P>;
export function closedObject<const P extends Properties, const R extends readonly (keyof P & string)[]>(
  required: R,
  properties: P,
): Closed<P> & { readonly required: R };
export function closedObject(...args: [Properties] | [readonly string[], Properties]) {
  const [required, properties] = args.length === 1 ? [Object.keys(args[0]), args[0]] : args;
  // JSON Schema draft 4 (OpenAPI 3.0's) wants a `required` list to name at least one property.
  return { type: 'object', additionalProperties: false, ...(required.length > 0 && { required }), properties };
}

/** An array of closedObject items (the same arguments). */
export function closedObjectArray<const P extends Properties>(
  properties: P,
): { readonly type: 'array'; readonly items: Closed<P> & { readonly required: readonly (keyof P & string)[] } };
export function closedObjectArray<const P extends Properties, const R extends readonly (keyof P & string)[]>(
  required: R,
  properties: P,
): { readonly type: 'array'; readonly items: Closed<P> & { readonly required: R } };
export function closedObjectArray(...args: [Properties] | [readonly string[], Properties]) {
  return { type: 'array', items: args.length === 1 ? closedObject(args[0]) : closedObject(args[0], args[1]) } as const;
}

/**
 * A named object of the API: closedObject under the `$id` that routes, the catalog and the
 * OpenAPI document refer to it by. Takes the same `required` list as closedObject.
 */
export function closedSchema<const Id extends string, const P extends Properties>(
  id: Id,
  properties: P,
): { readonly $id: Id } & Closed<P> & { readonly required: readonly (keyof P & string)[] };
export function closedSchema<const Id extends string, const P extends Properties>(
  id: Id,
  required: readonly [],
  properties: P,
): { readonly $id: Id } & Closed<P>;
export function closedSchema<const Id extends string, const P extends Properties, const R extends readonly (keyof P & string)[]>(
  id: Id,
  required: R,
  properties: P,
): { readonly $id: Id } & Closed<P> & { readonly required: R };
export function closedSchema(id: string, ...args: [Properties] | [readonly string[], Properties]) {
  return { $id: id, ...(args.length === 1 ? closedObject(args[0]) : closedObject(args[0], args[1])) };
}

/**
 * A named closed object of optional properties of which at least one is given (minProperties: 1):
 * a change of any of them, or a choice among them.
 */
export function nonEmptySchema<const Id extends string, const P extends Properties>(id: Id, properties: P) {
  return { $id: id, type: 'object', additionalProperties: false, minProperties: 1, properties } as const;
}

/**
 * The named filter of an account's rows: its `properties` hold `siteNum` and getMany's `id` list
 * beside any others, and one of those two is required (siteNumOrIds, with the `id` list's items).
 */
export function siteRowsFilterSchema<const Id extends string, const P extends Properties & { readonly id: JSONSchema }>(
  id: Id,
  properties: P,
) {
  return { $id: id, type: 'object', additionalProperties: false, properties, ...siteNumOrIds(properties.id) } as const;
}

/** A required text must hold more than spaces: blank text says 'Required'. */
export const notBlank = { pattern: '\\S', errorMessage: { pattern: 'validation.required' } } as const;

/** http(s) only: a stored link must never become `javascript:`. */
export const webUrlPattern = '^https?://[^\\s]+$';

/** 400 answer: a message and one message per invalid field (react-admin's shape). */
export const validationErrorSchema = {
  $id: 'ValidationError',
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const;

/** Any other error answer. */
export const errorSchema = {
  $id: 'Error',
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string' },
  },
} as const;

/**
 * `confirm: { const: { $data } }` is checked by ajv against the sibling field;
 * json-schema-to-ts would read the pointer as the literal value, so the types
 * of these bodies are derived with that `const` left out.
 */
type WithoutDataConst<S> = S extends { readonly const: { readonly $data: string } }
  ? Omit<S, 'const'>
  : S extends readonly unknown[]
    ? S
    : S extends object
      ? { [K in keyof S]: WithoutDataConst<S[K]> }
      : S;
export type FromSchemaWithData<S> = WithoutDataConst<S> extends infer T extends JSONSchema ? FromSchema<T> : never;

/** §5 'New password and confirmation must match': equal to the sibling `field`. */
export function sameAs<F extends string>(field: F) {
  return {
    type: 'string',
    const: { $data: `1/${field}` },
    errorMessage: { const: 'validation.passwordsMustMatch' },
  } as const;
}
