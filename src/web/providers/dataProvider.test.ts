import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { TRANSPORT_HEADERS } from '../../common/transportLists.js';
import { authProvider } from './authProvider.js';
import { createDataProvider, withoutEmptySort } from './dataProvider.js';
import { fakeServer, jsonResponse, SIGNED_IN } from './fakeTransport.js';
import { updateSession } from './session.js';
import { configureTransport } from './transport.js';

const server = fakeServer({ session: SIGNED_IN });

describe("react-admin's dataProvider over the transport (SPEC §8 messages)", () => {
  it("rejects a 400 with the server's text as the message and its field errors in the body", async () => {
    server.answer = () => jsonResponse(400, { message: 'The form is not valid. Please check for errors', errors: { title: 'Required' } });
    const failure = createDataProvider().create('news', { data: { title: '' } });
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      message: 'The form is not valid. Please check for errors',
      body: { errors: { title: 'Required' } },
    });
  });

  it("rejects a failure the server gave no text with an empty message, so react-admin's default shows, not 'HTTP 500'", async () => {
    server.answer = () => jsonResponse(500, {});
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
    server.answer = () =>
      new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json', 'Content-Range': 'sites 0-0/0' } });
    const result = await createDataProvider().getList('sites', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: '', order: 'ASC' },
      filter: { q: '555' },
    });
    expect(result.total).toBe(0);
    expect(server.calls).toHaveLength(1);
    const query = new URL(server.calls[0].url, 'http://localhost').searchParams;
    expect(query.has('sort')).toBe(false);
    expect(JSON.parse(query.get('filter')!)).toEqual({ q: '555' });
    expect(JSON.parse(query.get('range')!)).toEqual([0, 24]);
  });
});

describe("a report run's own calls (re-run, cancel) are dataProvider methods", () => {
  it('POST /api/reportRuns/{id}/rerun and /cancel, answering the run', async () => {
    server.answer = () => jsonResponse(201, { id: 8, status: 'queued' });
    const provider = createDataProvider();
    await expect(provider.rerunReportRun(7)).resolves.toMatchObject({ data: { id: 8 } });
    await provider.cancelReportRun(8);
    expect(server.calls.map((c) => [new URL(c.url, 'http://localhost').pathname, c.init.method])).toEqual([
      ['/api/reportRuns/7/rerun', 'POST'],
      ['/api/reportRuns/8/cancel', 'POST'],
    ]);
  });
  it("a refused cancel rejects with the server's text", async () => {
    server.answer = () => jsonResponse(409, { message: 'Only a queued or running report can be cancelled.' });
    await expect(createDataProvider().cancelReportRun(3)).rejects.toMatchObject({ status: 409 });
  });
});

describe('an impersonation that ended elsewhere (SPEC §8)', () => {
  it("keeps the first redirect, to the internal login: neither react-admin's checkError nor a later failed call sends the browser elsewhere", async () => {
    const assigned: string[] = [];
    configureTransport({ pathname: () => '/home/dashboard', assign: (url) => assigned.push(url) });
    // The first call finds the impersonation ended; a call after it, its session cleared, a plain 401.
    server.answer = () =>
      new Response(JSON.stringify({ message: 'Impersonation ended' }), {
        status: 401,
        headers: {
          'Content-Type': 'application/json',
          ...(server.calls.length === 1 && { [TRANSPORT_HEADERS.invalidImpersonation]: 'true' }),
        },
      });
    updateSession({ impersonating: true });
    const failure = createDataProvider().getOne('sites', { id: 1 });
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    const error = await failure.catch((e: unknown) => e);
    await expect(authProvider.checkError(error)).rejects.toThrow('Not signed in');
    const later = await createDataProvider()
      .getList('news', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} })
      .catch((e: unknown) => e);
    await expect(authProvider.checkError(later)).rejects.toThrow('Not signed in');
    expect(assigned).toHaveLength(1);
    expect(assigned[0]).toMatch(/^\/login\?.*returnUrl=%2Fsupport/);
  });
});

describe('a resource named by its page is called at its API path (resourceNames.ts)', () => {
  const list = { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };
  const paths = () => server.calls.map((c) => [new URL(c.url, 'http://localhost').pathname, c.init.method ?? 'GET']);
  it('ans-service/on-call reads and writes /api/onCall', async () => {
    server.answer = () =>
      new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json', 'Content-Range': 'onCall 0-0/0' } });
    const provider = createDataProvider();
    await provider.getList('ans-service/on-call', list);
    server.answer = () => jsonResponse(200, { id: 4 });
    await provider.getOne('ans-service/on-call', { id: 4 });
    await provider.update('ans-service/on-call', { id: 4, data: {}, previousData: { id: 4 } });
    await provider.delete('ans-service/on-call', { id: 4 });
    expect(paths()).toEqual([
      ['/api/onCall', 'GET'],
      ['/api/onCall/4', 'GET'],
      ['/api/onCall/4', 'PUT'],
      ['/api/onCall/4', 'DELETE'],
    ]);
  });
  it('the temporary business hours are the exceptions at /api/businessHours/exceptions', async () => {
    server.answer = () => jsonResponse(201, { id: 9 });
    await createDataProvider().create('ans-service/temp-business-hours', { data: { name: 'Closed' } });
    expect(paths()).toEqual([['/api/businessHours/exceptions', 'POST']]);
  });
  it('an API path goes as it is', async () => {
    server.answer = () => jsonResponse(200, { id: 2 });
    await createDataProvider().getOne('msa/contacts', { id: 2 });
    expect(paths()).toEqual([['/api/msa/contacts/2', 'GET']]);
  });
});

describe("authProvider.canAccess reads a page's resource under its access entry", () => {
  it('ans-service/on-call is the onCall entry: a staff user of application 1 may not list it, nor onCall', async () => {
    await expect(authProvider.canAccess!({ resource: 'ans-service/on-call', action: 'list' })).resolves.toBe(false);
    await expect(authProvider.canAccess!({ resource: 'audit-log', action: 'list' })).resolves.toBe(true);
    await expect(authProvider.canAccess!({ resource: 'auditLog', action: 'list' })).resolves.toBe(true);
  });
});
