import type { StatusBanner } from '../../../schemas/statusBanner.js';
import { api, isApiError } from '../providers/http.js';

/** Where the status banner lives (SPEC §7 GET/PUT statusBanner), under /api. */
const BANNER_PATH = 'statusBanner';

/** Fired on window after the banner was saved, so every <StatusBanner/> reloads it. */
export const BANNER_CHANGED_EVENT = 'status-banner-changed';

/**
 * Through the portal's transport (SPEC §7 parameters, XSRF, bearer), which the
 * login page's first load already carries. The screens show their own messages
 * (errorMessages.ts), so §8's status handling leaves these calls alone.
 */
async function send(method: 'GET' | 'PUT', body?: StatusBanner): Promise<StatusBanner | null> {
  try {
    return await api<StatusBanner>(BANNER_PATH, method, body, { skipError: true });
  } catch (error) {
    if (method === 'GET' && isApiError(error, 404)) return null;
    throw error;
  }
}

/** The banner; null when none has been set up. */
export function fetchStatusBanner(): Promise<StatusBanner | null> {
  return send('GET');
}

export async function saveStatusBanner(banner: StatusBanner): Promise<StatusBanner> {
  const saved = (await send('PUT', banner))!;
  window.dispatchEvent(new CustomEvent(BANNER_CHANGED_EVENT));
  return saved;
}
