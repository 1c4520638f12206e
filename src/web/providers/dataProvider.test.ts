import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../../schemas/user.js';
import { HttpError } from 'react-admin';
import { TRANSPORT_HEADERS } from '../../common/transportLists.js';
import { authProvider } from './authProvider.js';
import { createDataProvider, withoutEmptySort } from './dataProvider.js';
import { resetSession, updateSession } from './session.js';
import { configureTransport, resetTransport } from './transport.js';

let answer: Response;

beforeEach(() => {
  resetSession();
  updateSession({
    status: 'signedIn',
    user: { applicationNum: 1, dealer: null } as unknown as User,
    token: { token: 't', expires: new Date(Date.now() + 600_000).toISOString() },
    reqs: { actionRequired: false } as never,
  });
  configureTransport({
    fetch: (async () => answer) as unknown as typeof fetch,
    cookies: () => '',
    language: () => 'en',
    translate: (k) => k,
  });
});
afterEach(() => resetTransport());

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe("react-admin's dataProvider over the transport (SPEC §8 messages)", () => {
  it("rejects a 400 with the server's text as the message and its field errors in the body", async () => {
    answer = json(400, { message: 'The form is not valid. Please check for errors', errors: { title: 'Required' } });
    const failure = createDataProvider().create('news', { data: { title: '' } });
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      message: 'The form is not valid. Please check for errors',
      body: { errors: { title: 'Required' } },
    });
  });

  it("rejects a failure the server gave no text with an empty message, so react-admin's default shows, not 'HTTP 500'", async () => {
    answer = json(500, {});
    await expect(createDataProvider().delete('news', { id: 1 })).rejects.toMatchObject({ status: 500, message: '' });
  });
});

describe("an empty sort field asks for the server's own order (accounts search by relevance)", () => {
  it('leaves the sort parameter out', () => {
    const url = `/api/sites?filter=${encodeURIComponent('{"q":"555"}')}&range=${encodeURIComponent('[0,24]')}&sort=${encodeURIComponent('["","ASC"]')}`;
    expect(withoutEmptySort(url)).toBe(`/api/sites?filter=${encodeURIComponent('{"q":"555"}')}&range=${encodeURIComponent('[0,24]')}`);
    expect(withoutEmptySort(`/api/sites?sort=${encodeURIComponent('[null,"ASC"]')}`)).toBe('/api/sites');
  });
  it('keeps a real sort, and any other URL, as they are', () => {
    const sorted = `/api/sites?range=%5B0%2C24%5D&sort=${encodeURIComponent('["siteName","ASC"]')}`;
    expect(withoutEmptySort(sorted)).toBe(sorted);
    expect(withoutEmptySort('/api/news/3')).toBe('/api/news/3');
    expect(withoutEmptySort('/api/x?sort=notjson')).toBe('/api/x?sort=notjson');
  });
  it('getList with an empty sort field calls the API without one', async () => {
    const urls: string[] = [];
    configureTransport({
      fetch: (async (input: RequestInfo | URL) => {
        urls.push(String(input));
        return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json', 'Content-Range': 'sites 0-0/0' } });
      }) as unknown as typeof fetch,
      cookies: () => '',
      language: () => 'en',
      translate: (k) => k,
    });
    const result = await createDataProvider().getList('sites', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: '', order: 'ASC' },
      filter: { q: '555' },
    });
    expect(result.total).toBe(0);
    expect(urls).toHaveLength(1);
    const query = new URL(urls[0], 'http://localhost').searchParams;
    expect(query.has('sort')).toBe(false);
    expect(JSON.parse(query.get('filter')!)).toEqual({ q: '555' });
    expect(JSON.parse(query.get('range')!)).toEqual([0, 24]);
  });
});

describe("a report run's own calls (re-run, cancel) are dataProvider methods", () => {
  it('POST /api/reportRuns/{id}/rerun and /cancel, answering the run', async () => {
    const calls: { url: string; method?: string }[] = [];
    configureTransport({
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push({ url: String(input), method: init?.method });
        return json(201, { id: 8, status: 'queued' });
      }) as unknown as typeof fetch,
      cookies: () => '',
      language: () => 'en',
      translate: (k) => k,
    });
    const provider = createDataProvider();
    await expect(provider.rerunReportRun(7)).resolves.toMatchObject({ data: { id: 8 } });
    await provider.cancelReportRun(8);
    expect(calls.map((c) => [new URL(c.url, 'http://localhost').pathname, c.method])).toEqual([
      ['/api/reportRuns/7/rerun', 'POST'],
      ['/api/reportRuns/8/cancel', 'POST'],
    ]);
  });
  it("a refused cancel rejects with the server's text", async () => {
    answer = json(409, { message: 'Only a queued or running report can be cancelled.' });
    await expect(createDataProvider().cancelReportRun(3)).rejects.toMatchObject({ status: 409 });
  });
});

describe('an impersonation that ended elsewhere (SPEC §8)', () => {
  it("keeps the first redirect, to the internal login: neither react-admin's checkError nor a later failed call sends the browser elsewhere", async () => {
    const assigned: string[] = [];
    let calls = 0;
    configureTransport({
      // The first call finds the impersonation ended; a call after it, its session cleared, a plain 401.
      fetch: (async () =>
        new Response(JSON.stringify({ message: 'Impersonation ended' }), {
          status: 401,
          headers: { 'Content-Type': 'application/json', ...(calls++ === 0 && { [TRANSPORT_HEADERS.invalidImpersonation]: 'true' }) },
        })) as unknown as typeof fetch,
      cookies: () => '',
      language: () => 'en',
      translate: (k) => k,
      pathname: () => '/home/dashboard',
      assign: (url) => assigned.push(url),
    });
    updateSession({ impersonating: true });
    const failure = createDataProvider().getOne('sites', { id: 1 });
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    const error = await failure.catch((e: unknown) => e);
    await expect(authProvider.checkError(error)).rejects.toThrow('Impersonation ended');
    const later = await createDataProvider()
      .getList('news', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} })
      .catch((e: unknown) => e);
    await expect(authProvider.checkError(later)).rejects.toThrow();
    expect(assigned).toHaveLength(1);
    expect(assigned[0]).toMatch(/^\/login\?.*returnUrl=%2Fsupport/);
  });
});
