import { ApiError, transport } from './transport.js';

export { ApiError } from './transport.js';

export interface HttpOptions {
  method?: string;
  /** A JSON string, or FormData for uploads. */
  body?: BodyInit | null;
  headers?: HeadersInit;
  /** The caller handles every failure itself: §8's status handling leaves the call alone. */
  skipError?: boolean;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: string;
  // The parsed JSON body: its shape is the caller's business (react-admin's fetchJson contract).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/**
 * The one HTTP client of the browser, shaped like react-admin's fetchJson so its
 * dataProvider can use it, without importing react-admin (the login bundle uses it too).
 * Every SPEC §7 rule applies through transport.ts: standard query parameters, siteGroupNum,
 * credentials, the XSRF header on writes, Accept-Language, bearer with refresh-first, the
 * hold, the 3 s wrapper on writes and §8's status handling. Rejects with {@link ApiError}.
 */
export async function httpClient(url: string, options: HttpOptions = {}): Promise<HttpResponse> {
  const response = await transport(url, options);
  return response;
}

/** JSON helper for the sign-in screens: the parsed body of a call, or an {@link ApiError}. */
export async function api<T>(path: string, method = 'GET', body?: unknown, options: Omit<HttpOptions, 'method' | 'body'> = {}): Promise<T> {
  const { json } = await httpClient(`/api/${path.replace(/^\/+/, '')}`, {
    ...options,
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return json as T;
}

/** True when `error` is an {@link ApiError} with one of `statuses`. */
export function isApiError(error: unknown, ...statuses: number[]): error is ApiError {
  return error instanceof ApiError && (statuses.length === 0 || statuses.includes(error.status));
}
