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

function parseJson(parameter: string, text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'errors.badQuery', { parameter });
  }
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

  const range = parseJson('range', query.range);
  let offset = 0;
  let limit = 25;
  if (range !== undefined) {
    if (
      !Array.isArray(range) ||
      range.length !== 2 ||
      !range.every((n) => Number.isInteger(n) && n >= 0) ||
      range[1] < range[0] ||
      range[1] - range[0] + 1 > MAX_PAGE_SIZE
    ) {
      throw new HttpError(400, 'errors.badQuery', { parameter: 'range' });
    }
    offset = range[0];
    limit = range[1] - range[0] + 1;
  }

  const filter = parseJson('filter', query.filter) ?? {};
  if (!options.validateFilter(filter)) throw new HttpError(400, 'errors.badQuery', { parameter: 'filter' });
  return { sort: parsedSort, offset, limit, filter: filter as F };
}

export function contentRange(resource: string, offset: number, count: number, total: number): string {
  const end = count === 0 ? offset : offset + count - 1;
  return `${resource} ${offset}-${end}/${total}`;
}
