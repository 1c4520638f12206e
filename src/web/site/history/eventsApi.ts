import type { EventFilter, EventRecord } from '../../../../schemas/events.js';
import { APP_CONTEXTS } from '../../../common/transportLists.js';
import { ApiError, httpClient } from '../../providers/http.js';
import { getSession } from '../../providers/session.js';
import { refreshToken } from '../../providers/transport.js';
import { appContext, isEnvironment, shouldRefreshFirst, withSiteGroup, withStandardParams } from '../../providers/transportRules.js';
import { createCsvRowCounter, filenameFromDisposition, parseTotal } from './csvProgress.js';

/** Rows per page of GET /api/events (the API's `range` gives the size; the cursor the position). */
const EVENTS_PAGE_SIZE = 50;

/** The keyset cursor of the next page (absent on the last page), schemas/events.ts. */
const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

export interface EventsPage {
  rows: EventRecord[];
  nextCursor?: string;
}

/** One page of GET /api/events, newest first, through the one transport (SPEC §7 and §8 rules). */
export async function fetchEventsPage(filter: EventFilter, cursor?: string): Promise<EventsPage> {
  const params = new URLSearchParams({ filter: JSON.stringify(filter), range: JSON.stringify([0, EVENTS_PAGE_SIZE - 1]) });
  if (cursor) params.set('cursor', cursor);
  const { json, headers } = await httpClient(`/api/events?${params.toString()}`);
  const nextCursor = headers.get(NEXT_CURSOR_HEADER);
  return { rows: Array.isArray(json) ? (json as EventRecord[]) : [], ...(nextCursor && { nextCursor }) };
}

export interface ExportProgress {
  /** Data rows received so far. */
  rows: number;
  /** Rows the server announced (X-Total-Count), when it did. */
  total?: number;
}

export interface ExportResult {
  blob: Blob;
  filename: string;
  rows: number;
}

/**
 * The export is read as a stream, which the transport (it reads whole bodies) cannot give: this
 * call applies the same §7 rules itself. A GET, so no XSRF header; the standard parameters and
 * siteGroupNum on the URL, Accept-Language, the bearer token (refreshed first when it is about
 * to expire, and once more after a 401), and the session cookie (same origin).
 */
async function sendExport(url: string, signal: AbortSignal): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    let session = getSession();
    if (session.token && shouldRefreshFirst(session.token.expires, Date.now())) {
      await refreshToken();
      session = getSession();
    }
    let target = withStandardParams(url, {
      app: appContext(session.user),
      version: session.config?.version ?? '0',
      env: isEnvironment(session.config?.environment) ? session.config.environment : 'prod',
    });
    target = withSiteGroup(target, {
      siteGroupNum: session.siteGroupNum,
      loggedIn: !!session.user,
      isMsaUser: appContext(session.user) === APP_CONTEXTS.msa,
    });
    const headers = new Headers({ Accept: 'text/csv, application/json' });
    headers.set('Accept-Language', (typeof document === 'undefined' ? '' : document.documentElement.lang) || navigator.language || 'en');
    if (session.token) headers.set('Authorization', `Bearer ${session.token.token}`);
    const response = await fetch(target, { headers, signal, credentials: 'same-origin' });
    if (response.status === 401 && attempt === 0 && session.token) {
      await response.body?.cancel();
      if (await refreshToken()) continue;
    }
    return response;
  }
}

/** A failed export as the transport would reject it: the status, the server's message and body (errorMessages.ts reads them). */
async function exportError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text || undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the text itself.
  }
  const message = (body as { message?: unknown } | undefined)?.message;
  return new ApiError(response.status, typeof message === 'string' ? message : `HTTP ${response.status}`, body, response.headers);
}

/**
 * GET /api/events/export?format=csv: the CSV of exactly what the list shows, with its dates in
 * `timeZone`, read chunk by chunk so `onProgress` can count the rows against X-Total-Count.
 * Rejects with an AbortError when `signal` aborts, with an ApiError when the server refuses.
 */
export async function downloadEventsCsv(
  filter: EventFilter,
  timeZone: string,
  options: { signal: AbortSignal; fallbackName: string; onProgress: (progress: ExportProgress) => void },
): Promise<ExportResult> {
  const params = new URLSearchParams({ format: 'csv', filter: JSON.stringify(filter), tz: timeZone });
  const response = await sendExport(`/api/events/export?${params.toString()}`, options.signal);
  if (!response.ok) throw await exportError(response);
  const total = parseTotal(response.headers.get('X-Total-Count'));
  const filename = filenameFromDisposition(response.headers.get('Content-Disposition'), options.fallbackName);
  const type = response.headers.get('Content-Type') ?? 'text/csv;charset=utf-8';
  const counter = createCsvRowCounter();
  options.onProgress({ rows: 0, total });
  if (!response.body) {
    const text = await response.text();
    counter.push(text);
    const rows = counter.finish();
    options.onProgress({ rows, total });
    return { blob: new Blob([text], { type }), filename, rows };
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const chunks: BlobPart[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    options.onProgress({ rows: counter.push(decoder.decode(value, { stream: true })), total });
  }
  counter.push(decoder.decode());
  const rows = counter.finish();
  options.onProgress({ rows, total });
  return { blob: new Blob(chunks, { type }), filename, rows };
}

/** Saves a blob as a file under `filename` (an object URL and a download link). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
