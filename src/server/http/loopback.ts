import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LOCAL_IDP_PATH } from '../config.js';

/**
 * Whether an address is this machine's (127.0.0.0/8, ::1, or IPv4 in IPv6 form). Asked of the
 * client's address as the portal logs it (request.ip): the socket's, or behind a trusted proxy
 * (TRUST_PROXY) the one the proxy forwards. The socket's own would make every client of the proxy
 * local; X-Forwarded-For is read only when the proxy is trusted, which replaces what the client wrote.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}

/** Paths of the dev outbox (mail/outboxPlugin.ts): the page and its API. */
const OUTBOX_PATHS = ['/dev/outbox', '/api/dev/outbox'];

const under = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/** Whether a route path belongs to a demo-only feature that answers loopback clients only under `config`. */
export function isLoopbackOnlyPath(pathname: string, config: { demoLoopbackOnly: boolean; localIdpLoopbackOnly: boolean }): boolean {
  if (config.demoLoopbackOnly && OUTBOX_PATHS.some((base) => under(pathname, base))) return true;
  return config.localIdpLoopbackOnly && under(pathname, LOCAL_IDP_PATH);
}

/**
 * Demo mode on only by default (config.demoLoopbackOnly): the dev outbox and
 * the demo identity provider answer 404 to clients on other machines, and the
 * demo default keys are ignored when they come from one (the route then
 * refuses the call as it refuses a missing key). Register at the root.
 */
export const demoExposurePlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    if (!config.demoLoopbackOnly && !config.localIdpLoopbackOnly) return;
    const keys = new Set(config.demoLoopbackOnly ? config.demoKeys : []);
    // A callback hook: it decides at once, and an async one costs every request a promise.
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      if (isLoopbackAddress(request.ip)) return done();
      // The route's own pattern, not the URL as sent (percent-encoding, doubled slashes).
      const route = request.routeOptions.url;
      if (route && isLoopbackOnlyPath(route, config)) {
        // Answered here: the hook chain stops without done().
        reply.status(404).send({ message: request.t('errors.notFound') });
        return;
      }
      const authorization = request.headers.authorization;
      if (keys.size && authorization?.startsWith('Bearer ') && keys.has(authorization.slice('Bearer '.length).trim())) {
        request.log.warn({ ip: request.ip }, 'demo key refused: DEMO is not set, demo keys are for this machine only');
        delete request.headers.authorization;
      }
      done();
    });
  },
  { name: 'demo-exposure', fastify: '5.x', decorators: { fastify: ['config'] } },
);
