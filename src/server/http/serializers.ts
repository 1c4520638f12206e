import fastJsonStringify, { type Options } from 'fast-json-stringify';

type Serializer = (data: unknown) => string;

/** Compiled response serializers by schema object: routes share them (the error answers' schemas are on every route), and so do the apps of one process. */
const compiled = new WeakMap<object, Map<string, Serializer>>();

const usesRef = (schema: unknown) => JSON.stringify(schema).includes('"$ref"');

/**
 * Fastify's `schemaController.compilersFactory.buildSerializer`: fast-json-stringify, as Fastify's
 * default, with two differences that take seconds off every start (measured: 4 of 7 s of a test
 * app's start went to compiling serializers).
 * - The shared schemas (app.addSchema, some 200 of them for the OpenAPI document) are handed to
 *   fast-json-stringify only for a response schema that uses `$ref`; none does today, and the
 *   default hands all of them to every compile, which walks them each time.
 * - One compile per schema object (and serializer options) in the process.
 */
export function buildSerializer(externalSchemas?: unknown, serializerOpts?: Options) {
  const optionsKey = JSON.stringify(serializerOpts ?? {});
  return ({ schema: routeSchema }: { schema?: unknown }): Serializer => {
    const schema = routeSchema as object;
    let bySchema = compiled.get(schema);
    if (!bySchema) compiled.set(schema, (bySchema = new Map()));
    let serializer = bySchema.get(optionsKey);
    if (!serializer) {
      const externals = usesRef(schema) ? (externalSchemas as Options['schema']) : undefined;
      serializer = fastJsonStringify(schema, { ...serializerOpts, ...(externals && { schema: externals }) }) as Serializer;
      bySchema.set(optionsKey, serializer);
    }
    return serializer;
  };
}
