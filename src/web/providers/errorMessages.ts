/**
 * SPEC §8 'The server's error text is shown when present, otherwise the default below': the
 * one place the browser turns a failed call into the message it shows. The transport
 * (transport.ts) rejects with an ApiError {status, message, body}; react-admin's dataProvider
 * passes it on as an HttpError with the same status and body (dataProvider.ts); the screens
 * give their §8 default key. The result is a text or a locale key, ready for notify() or
 * translate() (react-admin's translate leaves a text that is no key unchanged).
 *
 * No imports: the light sign-in bundle uses it through transportRules.ts.
 */

/** What the browser knows of a failed call: the HTTP status (0 when the server was not reached) and its JSON body. */
export interface FailedCall {
  status?: number;
  body?: unknown;
  /** The error's own text: the transport puts the server's text there, or its own §8 text (an expired login). */
  message?: unknown;
}

/** A failed call as a screen shows it: the message, and the server's text per field of a 400 (the form puts each beside its input). */
export interface ClientMessage {
  message: string;
  fieldErrors?: Record<string, string>;
}

/** Placeholders that are no text for a user: the transport's 'HTTP 500', fetch's own network errors, class names. */
const PLACEHOLDER = /^(?:HTTP \d{3}|HttpError|Error|ApiError|Failed to fetch|Network ?error.*|NetworkError.*|Load failed|\d{3})$/i;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' && !PLACEHOLDER.test(value.trim()) ? value : undefined;
}

function asCall(error: unknown): FailedCall {
  return typeof error === 'object' && error !== null ? (error as FailedCall) : {};
}

/**
 * The text the server (or the transport, for a §8 status it handles) gave a failed HTTP call;
 * undefined when there is none: an unreachable server (status 0), a bare status. An error's own
 * message counts only for an HTTP failure (one with a status): a bug's TypeError is not shown.
 */
export function serverText(error: unknown): string | undefined {
  const call = asCall(error);
  if (call.status === 0) return undefined;
  const bodyMessage = typeof call.body === 'object' && call.body !== null ? (call.body as { message?: unknown }).message : undefined;
  const own = typeof call.status === 'number' ? text(call.message) : undefined;
  return own ?? text(bodyMessage);
}

/** The server's per-field texts of a failed save (`{errors: {field: text}}` of a 400), or undefined. */
export function fieldErrors(error: unknown): Record<string, string> | undefined {
  const body = asCall(error).body;
  const errors = typeof body === 'object' && body !== null ? (body as { errors?: unknown }).errors : undefined;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return undefined;
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '');
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** SPEC §8: the server's text when present, else `defaultKey` (the caller's default message of §8). */
export function failureMessage(error: unknown, defaultKey: string): string {
  return serverText(error) ?? defaultKey;
}

/** {status, body.message, body.errors} to what the screen shows: the message of {@link failureMessage} and the field texts. */
export function clientMessage(error: unknown, defaultKey: string): ClientMessage {
  const fields = fieldErrors(error);
  return { message: failureMessage(error, defaultKey), ...(fields && { fieldErrors: fields }) };
}
