import type { FastifyRequest } from 'fastify';
import type { ListQuery } from '../http/simpleRest.js';

/**
 * The list and one routes of a user's own rows (report runs, scheduled reports): every call names
 * the signed-in user, so another user's row answers 404, as a missing one does; `record` is the
 * row as the API answers it.
 */
export function ownRowsRoutes<Row, R, F, S extends string>(
  repository: {
    list(userId: number, query: ListQuery<F, S>): Promise<{ items: R[]; total: number }>;
    get(userId: number, id: number): Promise<Row | undefined>;
  },
  record: (row: Row) => R,
) {
  const userId = (request: FastifyRequest) => request.auth!.user.user_id;
  return {
    list: (query: ListQuery<F, S>, request: FastifyRequest) => repository.list(userId(request), query),
    one: async (id: number | string, request: FastifyRequest) => {
      const row = await repository.get(userId(request), Number(id));
      return row && record(row);
    },
  };
}
