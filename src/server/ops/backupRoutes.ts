import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorSchema } from '../../../schemas/shared.js';
import { safeEqual, sha256 } from '../auth/secrets.js';
import type { DatabaseHandle } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { isLoopbackAddress } from '../http/loopback.js';
import { opsToken, removePortalLock, writePortalLock } from './backup.js';

/**
 * POST /api/ops/backup: a consistent gzip tarball of the embedded database, taken while the portal
 * runs (`npm run backup` calls it). From this machine only (the socket's address and, behind a
 * trusted proxy, the forwarded client's too), with the token of the data directory; audited. PostgreSQL is backed up with pg_dump (docs/operations.md).
 */
export const backupRoutes = fp(
  async (app: FastifyInstance, { database }: { database: DatabaseHandle }) => {
    const dataDir = app.config.dataDir;
    const token = database.backup ? opsToken(dataDir) : undefined;

    const authorised = (request: FastifyRequest) => {
      const header = request.headers.authorization;
      return (
        !!token &&
        isLoopbackAddress(request.socket.remoteAddress) &&
        isLoopbackAddress(request.ip) &&
        !!header?.startsWith('Bearer ') &&
        safeEqual(sha256(header.slice('Bearer '.length).trim()), sha256(token))
      );
    };

    app.post(
      '/api/ops/backup',
      {
        config: { access: 'credential', xsrf: false, anonymous: true },
        schema: {
          tags: ['operations'],
          summary: 'A gzip tarball of the embedded database (npm run backup; this machine only, with the data directory token)',
          response: { 401: errorSchema, 409: errorSchema },
        },
      },
      async (request, reply) => {
        if (!authorised(request)) {
          reply.header('WWW-Authenticate', 'Bearer realm="operations"');
          throw new HttpError(401, 'errors.backupToken');
        }
        if (!database.backup) throw new HttpError(409, 'errors.backupPostgres');
        const started = Date.now();
        const tarball = Buffer.from(await (await database.backup()).arrayBuffer());
        await app.audit.system({
          action: 'backup.created',
          ip: request.ip,
          details: { bytes: tarball.length, ms: Date.now() - started },
        });
        return reply.header('Content-Type', 'application/gzip').header('Cache-Control', 'no-store').send(tarball);
      },
    );

    // While it listens, the portal notes where in its data directory, so `npm run backup` finds it.
    if (database.backup) {
      app.addHook('onListen', async () => {
        const address = app.server.address();
        if (address && typeof address === 'object') writePortalLock(dataDir, { pid: process.pid, port: address.port });
      });
      app.addHook('onClose', async () => removePortalLock(dataDir));
    }
  },
  { name: 'backup' },
);
