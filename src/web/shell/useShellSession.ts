import { useSyncExternalStore } from 'react';
import { getSession, subscribe, type SessionState } from '../providers/session.js';

/** The session store (who is signed in, the current account group) as React state. */
export function useShellSession(): Readonly<SessionState> {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

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
