import { describe, expect, it } from 'vitest';
import { checkEntity, listQuerystring } from './simpleRestRoutes.js';

const filter = {
  type: 'object',
  additionalProperties: false,
  properties: { q: { type: 'string' }, id: { type: 'array', items: { type: 'integer' } } },
};

describe('the route factory', () => {
  it("refuses an entity whose list cannot be sorted by id (react-admin's default sort)", () => {
    expect(() => checkEntity({ path: 'things', sortFields: ['name'], filter })).toThrow("things: 'id' must be a sort field");
    expect(() => checkEntity({ path: 'things', sortFields: ['id', 'name'], filter })).not.toThrow();
  });

  it("refuses an entity whose filter takes no id list (react-admin's getMany)", () => {
    const withoutIds = { ...filter, properties: { q: { type: 'string' } } };
    expect(() => checkEntity({ path: 'things', sortFields: ['id'], filter: withoutIds })).toThrow(
      'things: the filter must take id: [..] (getMany)',
    );
  });

  it('documents the sort fields and the filter in the OpenAPI query parameters', () => {
    const { properties } = listQuerystring(['id', 'name'], filter);
    expect(properties.sort['x-sort-fields']).toEqual(['id', 'name']);
    expect(properties.sort.description).toContain('id, name');
    expect(properties.filter['x-filter']).toBe(filter);
    expect(properties.range).toEqual({ type: 'string', maxLength: 100 });
  });
});
