import type { StatusBanner } from '../../../schemas/statusBanner.js';
import { xsrfHeader } from '../providers/transportRules.js';

/** Where the status banner lives (SPEC §7 GET/PUT statusBanner). */
export const BANNER_URL = '/api/statusBanner';

/** Fired on window after the banner was saved, so every <StatusBanner/> reloads it. */
export const BANNER_CHANGED_EVENT = 'status-banner-changed';

/** Thrown for an answer that is not 2xx; `message` is the server's translated text, when it sent one. */
export class BannerRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
  }
}

function headers(method: string): Headers {
  const result = new Headers({ Accept: 'application/json', 'Accept-Language': document.documentElement.lang || navigator.language });
  for (const [name, value] of Object.entries(xsrfHeader(method, document.cookie) ?? {})) result.set(name, value);
  return result;
}

async function send(method: 'GET' | 'PUT', body?: StatusBanner): Promise<StatusBanner | null> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: headers(method) };
  if (body) {
    (init.headers as Headers).set('Content-Type', 'application/json');
    init.body = JSON.stringify(body);
  }
  const response = await fetch(BANNER_URL, init);
  if (method === 'GET' && response.status === 404) return null;
  const json = await response.json().catch(() => ({}));
  if (!response.ok) throw new BannerRequestError(response.status, json.message ?? '', json.errors ?? {});
  return json as StatusBanner;
}

/**
 * A light client for the login page's bundle: plain fetch with the session
 * cookie, the user's language and the XSRF header (SPEC §7), no react-admin.
 * Answers null when no banner has been set up.
 */
export function fetchStatusBanner(): Promise<StatusBanner | null> {
  return send('GET');
}

export async function saveStatusBanner(banner: StatusBanner): Promise<StatusBanner> {
  const saved = (await send('PUT', banner))!;
  window.dispatchEvent(new CustomEvent(BANNER_CHANGED_EVENT));
  return saved;
}
