import { afterEach, beforeEach } from 'vitest';
import type { User } from '../../../schemas/user.js';
import { resetSession, updateSession, type SessionState } from './session.js';
import { configureTransport, resetTransport } from './transport.js';

/** A staff user signed in with a valid bearer: the session most transport tests start from. */
export const SIGNED_IN: Partial<SessionState> = {
  status: 'signedIn',
  user: { applicationNum: 1, dealer: null } as unknown as User,
  token: { token: 'bearer-1', expires: new Date(Date.now() + 600_000).toISOString() },
  reqs: { actionRequired: false } as never,
};

export interface FakeServer {
  /** Every call the transport made, in order. */
  calls: { url: string; init: RequestInit }[];
  /** The answer to the next call; a test sets its own. */
  answer: () => Response;
}

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * For a test file: before each test the session is `session` and the transport talks to a fake
 * server that records the calls and gives `answer()`; after it, the browser's transport again.
 */
export function fakeServer({
  session,
  cookies = '',
  language = 'en',
}: {
  session: Partial<SessionState>;
  cookies?: string;
  language?: string;
}): FakeServer {
  const server: FakeServer = { calls: [], answer: () => jsonResponse(200, {}) };
  beforeEach(() => {
    resetSession();
    updateSession(session);
    server.calls = [];
    configureTransport({
      fetch: (async (url: string, init: RequestInit) => {
        server.calls.push({ url, init });
        return server.answer();
      }) as typeof fetch,
      cookies: () => cookies,
      language: () => language,
      translate: (key) => key,
    });
  });
  afterEach(() => resetTransport());
  return server;
}
