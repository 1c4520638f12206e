import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { responseExcerpt } from '../../common/integrations/webhookRules.js';
import { checkTarget, type TargetOptions } from './targetAddress.js';

/**
 * One POST of a delivery: the target is resolved and checked again (targetAddress.ts) and the
 * connection is pinned to the checked address (the lookup answers it alone, so a second DNS
 * answer cannot differ); redirects are not followed (node's http never follows; a 3xx is a
 * failure); the whole exchange must end within `timeoutMs`. Sockets are kept alive per address
 * and host (agents below), so a busy receiver is not reconnected to for each event.
 */
export interface PostResult {
  statusCode: number | null;
  latencyMs: number | null;
  responseExcerpt: string | null;
  /** Why there was no answer: 'timeout', 'refusedAddress: …', 'connection: …'. */
  error: string | null;
}

export interface PostOptions extends TargetOptions {
  timeoutMs: number;
  /** The name resolver (tests answer a public address, then a private one). */
  resolve?: Parameters<typeof checkTarget>[2];
}

/** Read at most this much of an answer: the log keeps an excerpt, a receiver cannot make us read more. */
const MAX_ANSWER_BYTES = 4_096;
const agentOptions = { keepAlive: true, maxSockets: 8, maxFreeSockets: 8, scheduling: 'fifo' } as const;
const httpAgent = new http.Agent(agentOptions);
const httpsAgent = new https.Agent(agentOptions);

export async function postDelivery(url: string, headers: Record<string, string>, body: string, options: PostOptions): Promise<PostResult> {
  const none = { statusCode: null, latencyMs: null, responseExcerpt: null };
  const target = await checkTarget(url, options, options.resolve);
  if (typeof target === 'string') return { ...none, error: `refusedAddress: ${target}` };
  const { address, family } = target;
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const secure = target.url.protocol === 'https:';
  const started = performance.now();
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = (secure ? https : http).request(
      target.url,
      {
        method: 'POST',
        agent: secure ? httpsAgent : httpAgent,
        lookup: pinned,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'security-portal-webhooks',
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < MAX_ANSWER_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () =>
          finish({
            statusCode: response.statusCode ?? null,
            latencyMs: Math.round(performance.now() - started),
            responseExcerpt: responseExcerpt(Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8')),
            error: null,
          }),
        );
        response.on('error', (error) => finish({ ...none, error: `connection: ${error.message}` }));
      },
    );
    const timer = setTimeout(() => {
      finish({ ...none, latencyMs: options.timeoutMs, error: 'timeout' });
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error) => finish({ ...none, error: `connection: ${error.message}` }));
    request.end(body);
  });
}
