import type { EventFilter, EventRecord, EventsPage } from '../../../../schemas/events.js';
import { transportStream } from '../transport.js';
import type { AdminHttpClient } from './call.js';

/** Rows per page of GET /api/events (the API's `range` gives the size; the cursor the position). */
const EVENTS_PAGE_SIZE = 50;

/** The keyset cursor of the next page (absent on the last page), schemas/events.ts. */
const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/** The account history's calls: its pages by cursor (not react-admin's offset ranges) and the CSV export. */
export function eventsMethods(client: AdminHttpClient) {
  return {
    /** One page of GET /api/events, newest first. */
    async eventsPage(filter: EventFilter, cursor?: string): Promise<EventsPage> {
      const params = new URLSearchParams({ filter: JSON.stringify(filter), range: JSON.stringify([0, EVENTS_PAGE_SIZE - 1]) });
      if (cursor) params.set('cursor', cursor);
      const { json, headers } = await client(`/api/events?${params.toString()}`);
      const nextCursor = headers.get(NEXT_CURSOR_HEADER);
      return { rows: Array.isArray(json) ? (json as EventRecord[]) : [], ...(nextCursor && { nextCursor }) };
    },
    /**
     * GET /api/events/export?format=csv: the CSV of exactly what the list shows, with its dates in
     * `timeZone`, as the streamed response (the page counts its rows as they arrive, csvProgress.ts).
     * A stream is no JSON call, so it goes through the transport's stream, not the admin client: it
     * rejects with an AbortError when `signal` aborts, with the transport's ApiError (status, message,
     * body) when the server refuses; the page shows a failure itself (skipError), the transport
     * still applies §7 and §8's session rules.
     */
    eventsCsv(filter: EventFilter, timeZone: string, signal: AbortSignal): Promise<Response> {
      const params = new URLSearchParams({ format: 'csv', filter: JSON.stringify(filter), tz: timeZone });
      return transportStream(`/api/events/export?${params.toString()}`, {
        signal,
        skipError: true,
        headers: { Accept: 'text/csv, application/json' },
      });
    },
  };
}

export type EventsMethods = ReturnType<typeof eventsMethods>;
