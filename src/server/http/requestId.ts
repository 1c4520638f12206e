import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isWellFormedRequestId, REQUEST_ID_HEADER } from '../../common/requestId.js';

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
