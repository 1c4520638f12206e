import type { LoginRequirements, Token } from '../../../schemas/auth.js';
import type { ClientConfig } from '../../../schemas/clientConfig.js';
import type { User } from '../../../schemas/user.js';

/**
 * The in-memory sign-in state the transport reads (SPEC §7 'Calls are held until the user,
 * the bearer token and the login requirements are all available'): who is signed in, the
 * bearer token, the login requirements, the current account group and the host's client
 * config. Nothing here is stored: a full page load starts 'unknown' and the transport
 * rebuilds it from the refresh cookie (transport.ts `ensureSession`).
 */
export type SessionStatus = 'unknown' | 'anonymous' | 'signedIn';

export interface SessionState {
  status: SessionStatus;
  user: User | null;
  token: Token | null;
  reqs: LoginRequirements | null;
  siteGroupNum: number | null;
  config: ClientConfig | null;
  impersonating: boolean;
}

const EMPTY: SessionState = {
  status: 'unknown',
  user: null,
  token: null,
  reqs: null,
  siteGroupNum: null,
  config: null,
  impersonating: false,
};

let state: SessionState = { ...EMPTY };
const listeners = new Set<() => void>();
let waiters: (() => void)[] = [];

export function getSession(): Readonly<SessionState> {
  return state;
}

/** Merges `patch` into the state; a user brings its account group and whether it is an impersonation. Wakes held calls. */
export function updateSession(patch: Partial<SessionState>): void {
  const next = { ...state, ...patch };
  if (patch.user !== undefined && patch.siteGroupNum === undefined) next.siteGroupNum = patch.user?.dealer?.siteGroupNum ?? null;
  if (patch.user !== undefined && patch.impersonating === undefined) next.impersonating = !!patch.user?.impersonating;
  state = next;
  const woken = waiters;
  waiters = [];
  for (const wake of woken) wake();
  for (const listener of [...listeners]) listener();
}

/** Nobody is signed in (logout, ended session); the client config stays. */
export function clearSession(): void {
  updateSession({ ...EMPTY, status: 'anonymous', config: state.config });
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Resolves at the next change of the state. */
export function nextChange(): Promise<void> {
  return new Promise((resolve) => waiters.push(resolve));
}

/** For tests: back to the state of a fresh page. */
export function resetSession(): void {
  state = { ...EMPTY };
  waiters = [];
  listeners.clear();
}
