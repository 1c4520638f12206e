import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/schema.js';
import type { Backplane } from '../realtime/backplane.js';
import type { Session } from './sessions.js';

/** How long a signed-in call may be answered from memory without reading the session and the user again. */
const SESSION_CACHE_TTL_MS = 2000;
const MAX_ENTRIES = 10_000;
const PUBLISH_TIMEOUT_MS = 1000;

export interface CachedSignIn {
  session: Session;
  user: Selectable<UsersTable>;
}

export interface SessionCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** Carries invalidations to every process, and says whether it can (Redis down: the cache stops serving). */
  backplane?: Pick<Backplane, 'publish' | 'onMessage' | 'isConnected' | 'onStatus'>;
  now?: () => number;
  onError?: (error: Error) => void;
}

/**
 * A short-lived, in-process memory of open sessions and their users, so that a signed-in read
 * (GET, HEAD) does not query both on every call. Rules that keep sign-in exact:
 *
 * - Only reads use it; every write looks both up afresh, and every write, sign-out, session
 *   end, refresh and pending-step change drops the whole cache in every process (`changed()`,
 *   published on the backplane and awaited before the response leaves).
 * - An entry lives SESSION_CACHE_TTL_MS at most (changes made behind the portal's back, such as
 *   SQL by hand, are seen within that), and never past its session's expiry.
 * - A lookup that started before a change is not stored after it (the generation check), so a
 *   read racing a sign-out cannot put the ended session back.
 * - While the backplane cannot carry invalidations (Redis unreachable), nothing is served from
 *   memory; when it is back, what was kept is dropped, since messages may have been missed.
 */
export function sessionCache(options: SessionCacheOptions = {}) {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const now = options.now ?? Date.now;
  const backplane = options.backplane;
  const entries = new Map<string, { value: CachedSignIn; until: number }>();
  const flushed: (() => void)[] = [];
  let generation = 0;

  const flush = () => {
    generation++;
    entries.clear();
    for (const listener of flushed) listener();
  };
  const usable = () => !backplane || backplane.isConnected();
  backplane?.onMessage((message) => {
    if (message.kind === 'authChanged') flush();
  });
  backplane?.onStatus(flush);

  return {
    /** Taken before a lookup, handed back to `store`. */
    get generation() {
      return generation;
    },

    read(key: string): CachedSignIn | undefined {
      if (!usable()) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      const at = now();
      if (entry.until <= at || entry.value.session.expires_at.getTime() <= at) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },

    /** Keeps a lookup's result, unless something changed since `since` (the generation when it started). */
    store(key: string, value: CachedSignIn, since: number): void {
      if (since !== generation || !usable()) return;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, until: now() + ttlMs });
    },

    /** Something about sessions or users changed: every process forgets what it kept. */
    async changed(): Promise<void> {
      flush();
      if (!backplane) return;
      // Other processes keep what they have for the TTL at most when this cannot reach them, and
      // stop serving from memory as soon as they, too, lose Redis. A call never waits on a Redis
      // that is down (the client would queue the message and retry for seconds).
      let timer: NodeJS.Timeout | undefined;
      try {
        if (!backplane.isConnected()) throw new Error('backplane not connected');
        await Promise.race([
          backplane.publish({ kind: 'authChanged' }),
          new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('backplane publish timed out')), PUBLISH_TIMEOUT_MS))),
        ]);
      } catch (error) {
        options.onError?.(error as Error);
      } finally {
        clearTimeout(timer);
      }
    },

    get size() {
      return entries.size;
    },

    /** Whether memory may answer now (not while the backplane cannot carry invalidations). */
    usable,

    /** Another memory of sign-in facts (API keys) forgets what it kept whenever this one does. */
    onFlush(listener: () => void): void {
      flushed.push(listener);
    },
  };
}
