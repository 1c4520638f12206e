import type { StatusBanner } from '../../../../schemas/statusBanner.js';
import { jsonCaller, type AdminHttpClient } from './call.js';

/**
 * Banner Settings' calls (SPEC §7 GET/PUT statusBanner). The dialog shows its own messages
 * (errorMessages.ts), so §8's status handling leaves these calls alone.
 */
export function bannerMethods(client: AdminHttpClient) {
  const call = jsonCaller(client);
  return {
    /** The banner; null when none has been set up (404). */
    async statusBanner(): Promise<StatusBanner | null> {
      try {
        return await call<StatusBanner>('statusBanner', 'GET', undefined, { skipError: true });
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      }
    },
    saveStatusBanner: (banner: StatusBanner) => call<StatusBanner>('statusBanner', 'PUT', banner, { skipError: true }),
  };
}

export type BannerMethods = ReturnType<typeof bannerMethods>;
