import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import type { User } from '../../../../schemas/user.js';
import { createDataProvider } from '../dataProvider.js';
import { resetSession, updateSession } from '../session.js';
import { configureTransport, resetTransport } from '../transport.js';

let calls: { url: string; init: RequestInit }[];
let answer: () => Response;

beforeEach(() => {
  resetSession();
  updateSession({
    status: 'signedIn',
    user: { applicationNum: 1, dealer: null } as unknown as User,
    token: { token: 'bearer-1', expires: new Date(Date.now() + 600_000).toISOString() },
    reqs: { actionRequired: false } as never,
    config: { variant: 'dealer', portalName: 'P', version: '1.2.3', environment: 'dev', demo: true },
  });
  calls = [];
  answer = () => new Response(JSON.stringify({ id: 7, hasDocument: true }), { status: 200 });
  configureTransport({
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer();
    }) as typeof fetch,
    cookies: () => 'XSRF-Token=abc123',
    language: () => 'es',
    translate: (key) => key,
  });
});
afterEach(() => resetTransport());

/** SPEC §7: the news document calls are dataProvider methods over the transport, like every other call. */
describe('news document calls', () => {
  it('upload a PDF as multipart through the transport: standard parameters, XSRF, bearer, no JSON type', async () => {
    const file = new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' });
    expect(await createDataProvider().uploadNewsDocument(7, file)).toEqual({ id: 7, hasDocument: true });
    const { url, init } = calls[0];
    const target = new URL(url, 'http://x');
    expect(target.pathname).toBe('/api/news/7/document');
    expect(Object.fromEntries(target.searchParams)).toMatchObject({ os: 'web', v: '1.2.3', env: 'dev' });
    expect(init.method).toBe('POST');
    const headers = init.headers as Headers;
    expect(headers.get('X-XSRF-Token')).toBe('abc123');
    expect(headers.get('Authorization')).toBe('Bearer bearer-1');
    expect(headers.get('Content-Type')).toBeNull();
    const form = init.body as FormData;
    expect(form.get('name')).toBe('notes.pdf');
    expect((form.get('file') as File).name).toBe('notes.pdf');
  });

  it('delete the document through the transport', async () => {
    await createDataProvider().deleteNewsDocument(7);
    expect(calls[0].init.method).toBe('DELETE');
    expect((calls[0].init.headers as Headers).get('X-XSRF-Token')).toBe('abc123');
  });

  it("reject with react-admin's HttpError: the status, the server's text and its body", async () => {
    answer = () => new Response(JSON.stringify({ message: 'This file is not a PDF.' }), { status: 400 });
    const failure = createDataProvider().uploadNewsDocument(7, new File(['x'], 'a.pdf'));
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      message: 'This file is not a PDF.',
      body: { message: 'This file is not a PDF.' },
    });
  });
});
