import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header that carries a request's id, both ways. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What an incoming id may look like to be kept: a load balancer's (nginx's $request_id is 32 hex
 * digits, AWS's `Root=1-…`, UUIDs) fits; anything longer or with other characters (spaces, quotes,
 * new lines that would forge log lines) is replaced.
 */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:=+/-]{7,127}$/;

export function isWellFormedRequestId(value: unknown): value is string {
  return typeof value === 'string' && WELL_FORMED.test(value);
}

/**
 * Fastify's genReqId: the load balancer's X-Request-Id when the portal trusts its proxy
 * (TRUST_PROXY) and the id is well-formed, so one id follows a call through the balancer's log
 * and the portal's; otherwise a new UUID. Every log line of the request carries it (reqId), and
 * the answer returns it in X-Request-Id.
 */
export function requestIdGenerator(trustProxy: boolean): (request: IncomingMessage) => string {
  return (request) => {
    const incoming = request.headers[REQUEST_ID_HEADER];
    return trustProxy && isWellFormedRequestId(incoming) ? incoming : randomUUID();
  };
}
