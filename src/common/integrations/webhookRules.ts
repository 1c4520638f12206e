/**
 * Outbound webhooks (Standard Webhooks): when a failed delivery is tried again, and what counts as
 * delivered. Pure, so the delivery job and the tests agree. The event types are the schemas'
 * (WEBHOOK_EVENT_TYPES in schemas/integrations.ts).
 */

/** A delivery is tried for up to a day after the event; a subscription failing that long is disabled. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3_600_000;
const FIRST_DELAY_MS = 5_000;
const MAX_DELAY_MS = 3_600_000;

/**
 * The wait before attempt `attempt + 1` after `attempt` failures (attempt ≥ 1): exponential from
 * 5 s, doubled each time, capped at an hour, with full jitter over its upper half so that
 * receivers coming back are not hit by every sender at once. `random` is in [0, 1).
 */
export function retryDelayMs(attempt: number, random: number): number {
  const ceiling = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

/** When the next attempt runs, or null when the event's day is over (the delivery has failed for good). */
export function nextAttemptAt(eventAt: Date, failedAt: Date, attempt: number, random: number): Date | null {
  const next = failedAt.getTime() + retryDelayMs(attempt, random);
  return next - eventAt.getTime() > WEBHOOK_RETRY_WINDOW_MS ? null : new Date(next);
}

/** A receiver's answer counts as delivered on 2xx only (redirects are not followed: a 3xx fails). */
export function isDelivered(status: number | null): boolean {
  return status !== null && status >= 200 && status < 300;
}

/** The part of a receiver's answer kept in the delivery log. */
const RESPONSE_EXCERPT_CHARS = 500;
export function responseExcerpt(body: string): string {
  return body.length > RESPONSE_EXCERPT_CHARS ? `${body.slice(0, RESPONSE_EXCERPT_CHARS)}…` : body;
}
