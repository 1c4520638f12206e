import type { StatusBanner } from '../../../schemas/statusBanner.js';
import { httpClient, isApiError } from '../providers/http.js';

/** Where the status banner lives (SPEC §7 GET/PUT statusBanner). */
export const BANNER_URL = '/api/statusBanner';

/** Fired on window after the banner was saved, so every <StatusBanner/> reloads it. */
export const BANNER_CHANGED_EVENT = 'status-banner-changed';

async function send(method: 'GET' | 'PUT', body?: StatusBanner): Promise<StatusBanner | null> {
  try {
    const { json } = await httpClient(BANNER_URL, {
      method,
      headers: { Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      skipError: true,
    });
    return json as StatusBanner;
  } catch (error) {
    // An ApiError carries the server's {message, errors} for the form (forms/submissionErrors.ts).
    if (method === 'GET' && isApiError(error, 404)) return null;
    throw error;
  }
}

/**
 * Through the portal's transport (SPEC §7 parameters, XSRF, bearer), which the
 * login page's first load already carries. Answers null when no banner has been set up.
 */
export function fetchStatusBanner(): Promise<StatusBanner | null> {
  return send('GET');
}

export async function saveStatusBanner(banner: StatusBanner): Promise<StatusBanner> {
  const saved = (await send('PUT', banner))!;
  window.dispatchEvent(new CustomEvent(BANNER_CHANGED_EVENT));
  return saved;
}
