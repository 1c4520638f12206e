import type { ValidateFunction } from 'ajv';
import { HttpError } from './errors.js';

/**
 * ra-data-simple-rest's list conventions: `sort=["title","ASC"]`,
 * `range=[0,24]`, `filter={...}` as JSON in the query, and the total in a
 * `Content-Range: <resource> <start>-<end>/<total>` header.
 */
export interface ListQuery<F, S extends string> {
  sort: { field: S; order: 'asc' | 'desc' } | undefined;
  offset: number;
  limit: number;
  filter: F;
}

export const listQuerystringSchema = {
  type: 'object',
  properties: {
    sort: { type: 'string', maxLength: 200 },
    range: { type: 'string', maxLength: 100 },
    filter: { type: 'string', maxLength: 20000 },
  },
} as const;

const MAX_PAGE_SIZE = 1000;

/** A JSON query parameter; undefined when absent or empty, a 400 naming it when it is not JSON. */
export function parseJson(parameter: string, text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'errors.badQuery', { parameter });
  }
}

/**
 * `range=[first,last]`: the page's offset and size; without it, the first page of `pageSize`.
 * A page larger than `maxPageSize` (or a range that is no such pair of whole numbers) is a 400.
 */
export function parseRange(
  text: string | undefined,
  { pageSize = 25, maxPageSize = MAX_PAGE_SIZE }: { pageSize?: number; maxPageSize?: number } = {},
): { offset: number; limit: number } {
  const range = parseJson('range', text);
  if (range === undefined) return { offset: 0, limit: pageSize };
  if (
    !Array.isArray(range) ||
    range.length !== 2 ||
    !range.every((n) => Number.isSafeInteger(n) && n >= 0) ||
    range[1] < range[0] ||
    range[1] - range[0] + 1 > maxPageSize
  ) {
    throw new HttpError(400, 'errors.badQuery', { parameter: 'range' });
  }
  return { offset: range[0], limit: range[1] - range[0] + 1 };
}

export function parseListQuery<F, S extends string>(
  query: { sort?: string; range?: string; filter?: string },
  options: { sortFields: readonly S[]; validateFilter: ValidateFunction },
): ListQuery<F, S> {
  const sort = parseJson('sort', query.sort);
  let parsedSort: ListQuery<F, S>['sort'];
  if (sort !== undefined) {
    if (
      !Array.isArray(sort) ||
      sort.length !== 2 ||
      !options.sortFields.includes(sort[0]) ||
      !['ASC', 'DESC'].includes(String(sort[1]).toUpperCase())
    ) {
      throw new HttpError(400, 'errors.badQuery', { parameter: 'sort' });
    }
    parsedSort = { field: sort[0], order: String(sort[1]).toLowerCase() as 'asc' | 'desc' };
  }

  const { offset, limit } = parseRange(query.range);

  const filter = parseJson('filter', query.filter) ?? {};
  if (!options.validateFilter(filter)) throw new HttpError(400, 'errors.badQuery', { parameter: 'filter' });
  return { sort: parsedSort, offset, limit, filter: filter as F };
}

/** `total` '*': not counted (keyset pages). */
export function contentRange(resource: string, offset: number, count: number, total: number | '*'): string {
  const end = count === 0 ? offset : offset + count - 1;
  return `${resource} ${offset}-${end}/${total}`;
}
