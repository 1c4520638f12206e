import type { EventFilter, EventRecord } from '../../../../schemas/events.js';
import { httpClient } from '../../providers/http.js';
import { transportStream } from '../../providers/transport.js';
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
  // The page shows a failure itself (skipError); the transport still applies §7 and §8's session rules.
  const response = await transportStream(`/api/events/export?${params.toString()}`, {
    signal: options.signal,
    skipError: true,
    headers: { Accept: 'text/csv, application/json' },
  });
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
