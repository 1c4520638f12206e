import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSession, updateSession } from '../../providers/session.js';
import { configureTransport, resetTransport } from '../../providers/transport.js';
import { httpClient } from '../../providers/http.js';
import { eventsMethods } from '../../providers/methods/eventsMethods.js';
import { readCsvExport } from './csvProgress.js';

/** The export as the button runs it: the dataProvider's stream, read by the page's counter. */
const downloadEventsCsv = async (
  filter: Parameters<ReturnType<typeof eventsMethods>['eventsCsv']>[0],
  timeZone: string,
  options: { signal: AbortSignal; fallbackName: string; onProgress: Parameters<typeof readCsvExport>[2] },
) => readCsvExport(await eventsMethods(httpClient).eventsCsv(filter, timeZone, options.signal), options.fallbackName, options.onProgress);

/** A response whose body arrives in `chunks`, as a streamed export does. */
function streamed(chunks: string[], headers: Record<string, string>, status = 200): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers });
}

beforeEach(() => {
  configureTransport({ language: () => 'fr-CA' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetSession();
  resetTransport();
});

describe('the streamed export', () => {
  const filter = { siteNum: 100001, kind: ['alarm' as const] };

  it('counts rows against X-Total-Count chunk by chunk and keeps the server’s file name', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      streamed(['date,siteNum\n2026-11-2', '3 10:00,1\n"a\nb",2\n', '2026-11-23 12:00,3\n'], {
        'Content-Type': 'text/csv; charset=utf-8',
        'X-Total-Count': '3',
        'Content-Disposition': 'attachment; filename="alarm-history-100001.csv"',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    updateSession({
      status: 'signedIn',
      user: { applicationNum: 2 } as never,
      reqs: { actionRequired: false } as never,
      token: { token: 'abc', expires: new Date(Date.now() + 3_600_000).toISOString() } as never,
      siteGroupNum: 9993,
    });
    const progress: { rows: number; total?: number }[] = [];
    const result = await downloadEventsCsv(filter, 'America/Chicago', {
      signal: new AbortController().signal,
      fallbackName: 'x.csv',
      onProgress: (p) => progress.push(p),
    });
    expect(result.rows).toBe(3);
    expect(result.filename).toBe('alarm-history-100001.csv');
    expect(await result.blob.text()).toBe('date,siteNum\n2026-11-23 10:00,1\n"a\nb",2\n2026-11-23 12:00,3\n');
    expect(progress.map((p) => p.rows)).toEqual([0, 0, 2, 3, 3]);
    expect(progress.every((p) => p.total === 3)).toBe(true);

    const [url, init] = fetchMock.mock.calls[0];
    const query = new URL(url, 'http://localhost').searchParams;
    expect(JSON.parse(query.get('filter')!)).toEqual(filter);
    expect(query.get('format')).toBe('csv');
    expect(query.get('tz')).toBe('America/Chicago');
    expect(query.get('siteGroupNum')).toBe('9993');
    expect(query.get('os')).toBe('web');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('Bearer abc');
    expect(headers.get('Accept-Language')).toBe('fr-CA');
    // A read: no cross-site token needed; the session cookie goes along, as on every call of the transport.
    expect(headers.has('X-XSRF-Token')).toBe(false);
    expect(init.credentials).toBe('include');
  });

  it('rejects with the server’s status and message', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ message: 'Site not found' }), { status: 404 }));
    await expect(
      downloadEventsCsv(filter, 'UTC', { signal: new AbortController().signal, fallbackName: 'x.csv', onProgress: () => undefined }),
    ).rejects.toMatchObject({ status: 404, message: 'Site not found', body: { message: 'Site not found' } });
  });
});
