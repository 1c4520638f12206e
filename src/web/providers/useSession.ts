import { useSyncExternalStore } from 'react';
import { getSession, subscribe, type SessionState } from './session.js';

/** The session store (who is signed in, the current account group, whether support acts as them) as React state. */
export function useSession(): Readonly<SessionState> {
  return useSyncExternalStore(subscribe, getSession, getSession);
}
