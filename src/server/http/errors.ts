import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { compileCached, findNullCharacter, MAX_BODY_DEPTH, nestsDeeperThan, toFieldErrors } from '../../common/validation.js';
import { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable } from '../db/unavailable.js';

/**
 * An error whose message is a locale key; the error handler translates it
 * into the language of the request.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: string,
    readonly args: Record<string, unknown> = {},
    /** Field name → locale key: answered as `errors: {field: text}`, like a schema 400. */
    readonly fields?: Record<string, string>,
  ) {
    super(messageKey);
    this.name = 'HttpError';
  }
}

/** PostgreSQL's class 22 'data exception' (a value out of range, a bad encoding...): the input's fault, not the server's. */
const DATA_EXCEPTION = /^22[0-9A-Z]{3}$/;
/** What @fastify/busboy throws on a truncated or malformed multipart body (it sets no status code). */
const MULTIPART_ERROR = /multipart|boundary|part header|unexpected end of form/i;

/**
 * Errors caused by what the client sent that carry no 4xx status of their
 * own: a locale key for a 400 answer, or undefined for a real server error.
 */
export function clientErrorKey(error: { statusCode?: number; code?: unknown; message?: string }, multipart: boolean): string | undefined {
  if (error.statusCode !== undefined) return undefined;
  if (typeof error.code === 'string' && DATA_EXCEPTION.test(error.code)) return 'errors.badInput';
  if (multipart && MULTIPART_ERROR.test(error.message ?? '')) return 'errors.badMultipart';
  return undefined;
}

/**
 * Request validation with the shared ajv (bodies as sent; querystrings and
 * params coerced from text), and error answers: a 400 names every bad field
 * with a translated message, in the shape react-admin puts beside each input.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // The process's validators, compiled once per distinct schema (compileCached says why).
  app.setValidatorCompiler(({ schema, httpPart }) => compileCached(schema, httpPart === 'body' ? {} : { coerceTypes: 'array' }));
  // PostgreSQL cannot store U+0000 in text: refused here, for every route, whatever its schema says.
  app.addHook('preValidation', (request, _reply, done) => {
    // The path and the query can hold one only as %00 (or a raw one, which HTTP refuses but inject may send).
    const url = request.url;
    const parts = url.includes('%00') || url.includes('\u0000') ? [request.params, request.query, request.body] : [request.body];
    for (const part of parts) {
      if (part === undefined) continue;
      const field = findNullCharacter(part);
      if (field !== undefined)
        return done(new HttpError(400, 'validation.invalidForm', {}, { [field || 'root']: 'validation.nullCharacter' }));
    }
    // A body nested thousands deep (the schema-driven fuzz test sent one inside a draft's free-form data)
    // would overflow the stack where it is serialised for the database: refused as input instead.
    if (nestsDeeperThan(request.body, MAX_BODY_DEPTH))
      return done(new HttpError(400, 'validation.invalidForm', { max: MAX_BODY_DEPTH }, { root: 'validation.tooDeep' }));
    done();
  });
  app.setSchemaErrorFormatter((errors, dataVar) => {
    const error = new Error(`${dataVar} is not valid`) as FastifyError;
    error.validation = errors;
    return error;
  });

  app.setErrorHandler((error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    const t = request.t;
    if ('validation' in error && error.validation) {
      const fields = toFieldErrors(error.validation as never);
      const errors = Object.fromEntries(Object.entries(fields).map(([field, m]) => [field, t(m.message, m.args ?? {})]));
      return reply.status(400).send({ message: t('validation.invalidForm'), errors });
    }
    if (error instanceof HttpError) {
      const errors = error.fields && Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [field, t(key, error.args)]));
      return reply.status(error.statusCode).send({ message: t(error.messageKey, error.args), ...(errors && { errors }) });
    }
    const clientKey = clientErrorKey(error, /^multipart\//i.test(request.headers['content-type'] ?? ''));
    if (clientKey) return reply.status(400).send({ message: t(clientKey) });
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      // The database is away (restart, failover, connections ended): ask the client to retry shortly.
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'request failed: database unavailable');
        return reply
          .status(503)
          .header('Retry-After', String(DATABASE_RETRY_AFTER_S))
          .send({ message: t('errors.databaseUnavailable') });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: t('errors.internal') });
    }
    // Fastify's own 4xx (bad JSON, payload too large, unsupported media type...).
    return reply.status(status).send({ message: t(`errors.http${status}`, { defaultValue: error.message }) });
  });
});
