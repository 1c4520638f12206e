import { useSession } from '../providers/useSession.js';

/** The session store (who is signed in, the current account group) as React state (providers/useSession.ts). */
export const useShellSession = useSession;

/** localStorage that may be unavailable (private mode). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      // not remembered
    }
  },
};
