import type { HttpOptions, HttpResponse } from '../http.js';

/** The admin HTTP client the methods are given (dataProvider.ts): failures reject as react-admin's HttpError (SPEC §8 text). */
export type AdminHttpClient = (url: string, options?: HttpOptions) => Promise<HttpResponse>;

/**
 * A JSON call of a portal method: `path` under /api, the body sent as JSON, the parsed answer
 * returned. `skipError` as the transport reads it: the screen shows the failure itself.
 */
export function jsonCaller(client: AdminHttpClient) {
  return async <T>(path: string, method = 'GET', body?: unknown, options: Omit<HttpOptions, 'method' | 'body'> = {}): Promise<T> => {
    const { json } = await client(`/api/${path}`, {
      ...options,
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return json as T;
  };
}
