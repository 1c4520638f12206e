import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { WEB_DIST } from '../config.js';

/** Paths that belong to the server, never to the single-page app. */
const SERVER_PATHS = /^\/(api|hubs)(\/|$)/;

/**
 * Serves the single-page app: the built files from dist/web with a history
 * fallback to index.html, or (npm run dev) Vite's dev middleware with hot
 * reload. Unknown /api and /hubs paths stay JSON 404s.
 */
export async function spaPlugin(app: FastifyInstance, options: { devServer: boolean }) {
  const notFound = (request: FastifyRequest, reply: FastifyReply) => reply.status(404).send({ message: request.t('errors.notFound') });

  if (options.devServer) {
    const { createServer } = await import('vite');
    const middie = (await import('@fastify/middie')).default;
    await app.register(middie);
    const vite = await createServer({
      configFile: path.resolve(import.meta.dirname, '../../../vite.config.ts'),
      server: { middlewareMode: true, hmr: { server: app.server } },
      appType: 'spa',
    });
    app.use((req, res, next) => (SERVER_PATHS.test(req.url ?? '') ? next() : vite.middlewares(req, res, next)));
    app.addHook('onClose', () => vite.close());
    app.setNotFoundHandler(notFound);
    return;
  }

  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    app.log.warn(`No built web app in ${WEB_DIST}: run "npm run build" (npm start does this) to serve the portal`);
    app.setNotFoundHandler(notFound);
    return;
  }
  await app.register(fastifyStatic, {
    root: WEB_DIST,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      // Hashed assets never change; index.html must always be revalidated.
      res.setHeader(
        'Cache-Control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // A folder of static pages (the shipped help, which the Knowledge Base frames at /help/) answers
  // at its own address with its index.html, and without the slash by a redirect to it. @fastify/static
  // with wildcard off registers a route per file only (and, with index on, the first folder's alone).
  for (const entry of readdirSync(WEB_DIST, { withFileTypes: true })) {
    if (!entry.isDirectory() || !existsSync(path.join(WEB_DIST, entry.name, 'index.html'))) continue;
    const folder = `/${entry.name}/`;
    // Static pages, as @fastify/static's own routes: public, and not part of the API's description.
    const options = { schema: { hide: true }, config: { access: 'public' as const } };
    app.get(folder, options, (_request, reply) => reply.sendFile(`${entry.name}/index.html`));
    app.get(`/${entry.name}`, options, (_request, reply) => reply.redirect(folder, 301));
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !SERVER_PATHS.test(request.url) && !request.url.startsWith('/assets/');
    if (!wantsPage) return notFound(request, reply);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
