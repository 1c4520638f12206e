import { describe, expect, it } from 'vitest';
import { compileCached } from '../../common/validation.js';
import { contentRange, parseListQuery } from './simpleRest.js';

const validateFilter = compileCached({ type: 'object', additionalProperties: false, properties: { q: { type: 'string' } } });
const parse = (query: Record<string, string>) => parseListQuery(query, { sortFields: ['title', 'order'] as const, validateFilter });

describe('ra-data-simple-rest list parameters', () => {
  it('reads sort, range and filter', () => {
    expect(parse({ sort: '["title","ASC"]', range: '[10,19]', filter: '{"q":"x"}' })).toEqual({
      sort: { field: 'title', order: 'asc' },
      offset: 10,
      limit: 10,
      filter: { q: 'x' },
    });
  });

  it('defaults to the first 25 rows, unsorted and unfiltered', () => {
    expect(parse({})).toEqual({ sort: undefined, offset: 0, limit: 25, filter: {} });
  });

  it.each([
    ['sort', '{'],
    ['sort', '["password","ASC"]'],
    ['sort', '["title","SIDEWAYS"]'],
    ['range', '[5,1]'],
    ['range', '[-1,3]'],
    ['range', '[0,1000]'],
    ['filter', '{"other":1}'],
  ])('refuses %s=%s', (parameter, value) => {
    expect(() => parse({ [parameter]: value })).toThrow(expect.objectContaining({ statusCode: 400, args: { parameter } }));
  });

  it('writes Content-Range as the provider reads it', () => {
    expect(contentRange('news', 0, 10, 42)).toBe('news 0-9/42');
    expect(contentRange('news', 0, 0, 0)).toBe('news 0-0/0');
  });
});

describe('contentRange without a total (keyset pages: events)', () => {
  it('names the rows of the page and no total', () => {
    expect(contentRange('events', 0, 50, '*')).toBe('events 0-49/*');
    expect(contentRange('events', 100, 3, '*')).toBe('events 100-102/*');
    expect(contentRange('events', 50, 0, '*')).toBe('events 50-50/*');
  });
});
