import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorSchema } from '../../../schemas/shared.js';
import { HttpError } from './errors.js';

const MINUTE_MS = 60_000;

/**
 * The per-address limit of the forms anyone can send without signing in (registration, recovery,
 * the captcha challenge, contact): RATE_LIMITS_FORMS_PER_MINUTE calls a minute from one address to
 * one route. Guesses are throttled per account already (auth/throttle.ts); this bounds how fast one
 * address can walk through accounts, send mail or burn the server's captcha work. An office behind
 * one address stays far below it.
 */
export const ANONYMOUS_FORM_LIMIT: RateLimitOptions = {
  max: (request: FastifyRequest) => request.server.config.rateLimits.formsPerMinute,
  timeWindow: MINUTE_MS,
};

/**
 * The alarm receivers' ingest (a credential, no session): RATE_LIMITS_INGEST_PER_MINUTE calls a
 * minute from one address, high enough for a receiver's bursts, low enough that a runaway sender
 * cannot flood the events table.
 */
export const INGEST_LIMIT: RateLimitOptions = {
  max: (request: FastifyRequest) => request.server.config.rateLimits.ingestPerMinute,
  timeWindow: MINUTE_MS,
};

/**
 * @fastify/rate-limit for the routes that name one of the limits above in `config.rateLimit`
 * (`global: false`: the others are not counted). Counted per route by client address (request.ip,
 * the plugin's default key; behind the load balancer TRUST_PROXY makes it the client's). With
 * REDIS_URL the counters live in Redis (under REDIS_CHANNEL's name, like the portal's other keys),
 * so every process behind the load balancer counts together; while Redis is away the calls are let
 * through (a limit is not worth refusing everyone), and each process's own counter does not
 * replace it: that would multiply the limit by the number of processes unseen. A refusal is 429
 * with the plugin's headers (Retry-After in seconds) and the translated message.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      ...(app.redisBus && { redis: app.redisBus.commands(), nameSpace: `${app.config.redisChannel}:rate-limit:`, skipOnError: true }),
      // The 429 goes through the errors plugin like every other refusal, so it is translated.
      errorResponseBuilder: (_request, context) => new HttpError(429, 'errors.tooManyRequests', { count: Math.ceil(context.ttl / 1000) }),
    });
    // Dealer API keys: RATE_LIMITS_API_KEY_PER_MINUTE calls a minute per key, whichever route and
    // address they come from (counted in Redis with the others when it is configured). Counted
    // before the access guard, so a key that only collects refusals is held back too.
    const perKey = app.rateLimit({
      max: (request: FastifyRequest) => request.server.config.rateLimits.apiKeyPerMinute,
      timeWindow: MINUTE_MS,
      keyGenerator: (request: FastifyRequest) => `api-key:${request.auth!.apiKey!.id}`,
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, 'integrations.keys.tooManyRequests', { count: Math.ceil(context.ttl / 1000) }),
    });
    // Callback style: a signed-in request, nearly every one, passes without a promise of its own.
    app.addHook('preValidation', function (request, reply, done) {
      if (!request.auth?.apiKey) return done();
      perKey.call(this, request, reply).then(() => done(), done);
    });
    // The OpenAPI document says which routes may answer 429.
    app.addHook('onRoute', (route) => {
      if (!route.config?.rateLimit) return;
      const schema = (route.schema ??= {});
      schema.response = { 429: errorSchema, ...(schema.response as object | undefined) };
    });
  },
  { name: 'rate-limit', decorators: { fastify: ['config', 'redisBus'] } },
);
