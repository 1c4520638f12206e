import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildSerializer } from './serializers.js';

const item = {
  $id: 'SerializerTestItem',
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'integer' }, name: { type: 'string' }, at: { type: 'string', format: 'date-time' } },
} as const;

async function appWith(factory: boolean) {
  const app = Fastify({ ...(factory && { schemaController: { compilersFactory: { buildSerializer } } }) });
  app.addSchema(item);
  app.addSchema({ $id: 'SerializerTestRef', type: 'object', properties: { item: { $ref: 'SerializerTestItem#' } } });
  const row = { id: 7, name: 'Seven', at: new Date('2026-11-26T12:00:00Z'), secret: 'not in the schema' };
  app.get('/item', { schema: { response: { 200: item } } }, async () => row);
  app.get('/ref', { schema: { response: { 200: { $ref: 'SerializerTestRef#' } } } }, async () => ({ item: row }));
  await app.ready();
  return app;
}

describe('buildSerializer', () => {
  it('writes what Fastify’s default serializer writes, with and without $ref', async () => {
    const [mine, theirs] = [await appWith(true), await appWith(false)];
    for (const url of ['/item', '/ref']) {
      const [a, b] = [await mine.inject({ url }), await theirs.inject({ url })];
      expect(a.statusCode).toBe(200);
      expect(a.body).toBe(b.body);
    }
    expect(JSON.parse((await mine.inject({ url: '/item' })).body)).toEqual({ id: 7, name: 'Seven', at: '2026-11-26T12:00:00.000Z' });
    await Promise.all([mine.close(), theirs.close()]);
  });

  it('compiles a schema object once, for every route and app that answers with it', () => {
    const compile = buildSerializer({}, {});
    const first = compile({ schema: item });
    expect(buildSerializer({}, {})({ schema: item })).toBe(first);
    expect(compile({ schema: { ...item } })).not.toBe(first);
    expect(buildSerializer({}, { rounding: 'floor' })({ schema: item })).not.toBe(first);
  });
});
