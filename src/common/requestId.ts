/** The header that carries a request's id, both ways (logs, the error page, bug reports). */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What a request id may look like to be kept or shown: a load balancer's (nginx's $request_id is 32
 * hex digits, AWS's `Root=1-…`), the portal's own UUIDs. Anything longer or with other characters
 * (spaces, quotes, new lines that would forge log lines or a bug report's text) is not one.
 */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:=+/-]{7,127}$/;

export function isWellFormedRequestId(value: unknown): value is string {
  return typeof value === 'string' && WELL_FORMED.test(value);
}
