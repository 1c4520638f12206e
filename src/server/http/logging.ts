import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * What the request log may say about a request: never the values
 * a user submitted in full. Query values are replaced (search queries,
 * emails, SSO codes and the hubs' access_token travel there); the names stay,
 * so a log still tells which parameters were sent.
 */
const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals < 0 ? pair : `${pair.slice(0, equals)}=${REDACTED}`;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

/**
 * A submitted value (a username, an email, a search) as a log may show it:
 * its first two characters, its length and a short hash, enough to tell two
 * log lines about the same value apart without revealing it.
 */
export function logValue(value: unknown): string {
  const text = String(value ?? '');
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 8);
  return `${text.slice(0, 2)}…(${text.length}, ${hash})`;
}

/** Pino serializer of `req` (Fastify's own, with the URL's query values redacted). */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
