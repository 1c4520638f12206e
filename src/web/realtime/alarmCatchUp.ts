import type { AlarmEvent } from '../../../schemas/dealer.js';
import { newestAlarmNum } from './alarmFeed.js';

/** At most this many notices for alarms missed during a break (the newest); the rest are in the recent-alarms list. */
export const MISSED_ALARM_NOTICES_MAX = 3;

export interface AlarmCatchUpDeps {
  /** GET /api/alarms/recent, with `after` for a catch-up. */
  fetchRecent(after?: number): Promise<readonly AlarmEvent[]>;
  /** The user's current account group (an answer for another group is dropped). */
  group(): number | null | undefined;
  /** The recent-alarms list now. */
  current(): readonly AlarmEvent[];
  /** Merges fetched alarms into the list; answers those it did not have, newest first. */
  publish(fetched: readonly AlarmEvent[]): AlarmEvent[];
  /** An alarm notice, as for a live alarm. */
  notify(event: AlarmEvent): void;
}

/**
 * What the shell does each time its alarm connection is (re)connected. The first time (page
 * open, or the first connection of another account group) it loads the server's recent-alarms
 * list. Later (an automatic reconnect after a killed process or a deploy, or the reconnect after
 * the user was idle) it reads the alarms stored after the newest it has, adds them to the list
 * and shows a notice for each (the newest {@link MISSED_ALARM_NOTICES_MAX}), so alarms ingested
 * while the connection was down are not lost. A live alarm that arrives meanwhile is not shown twice.
 */
export function alarmCatchUp(deps: AlarmCatchUpDeps) {
  let loaded = false;
  /** The newest alarm the list had when the connection broke: a live alarm after the reconnect must not hide the gap. */
  let mark: { after: number | undefined } | undefined;
  /**
   * Reads the alarms after `after` (all the recent ones when undefined) and, unless the account
   * group changed meanwhile, merges them into the list, with a notice for the newest added when
   * `notify`; answers those added, or null when the read failed or came too late.
   */
  async function merge(after: number | undefined, notify: boolean): Promise<AlarmEvent[] | null> {
    const group = deps.group();
    let fetched: readonly AlarmEvent[];
    try {
      fetched = await deps.fetchRecent(after);
    } catch {
      // The list stays as it is; the next reconnect (or catch-up request) tries again.
      return null;
    }
    if (deps.group() !== group) return null;
    const added = deps.publish(fetched);
    if (notify) for (const event of added.slice(0, MISSED_ALARM_NOTICES_MAX).reverse()) deps.notify(event);
    return added;
  }
  return {
    /** The account group changed: the next connection loads the new group's list. */
    reset() {
      loaded = false;
      mark = undefined;
    },
    /** The alarm connection broke (or stopped while the user is idle): remembers where the list was. */
    interrupted() {
      if (loaded && !mark) mark = { after: newestAlarmNum(deps.current()) };
    },
    /** The alarm connection is up; answers the alarms added to the list. */
    async connected(): Promise<AlarmEvent[]> {
      const first = !loaded;
      const added = await merge(first ? undefined : mark ? mark.after : newestAlarmNum(deps.current()), !first);
      if (!added) return [];
      loaded = true;
      mark = undefined;
      return added;
    },
    /**
     * The connection stayed up but its server process may have missed alarms of other processes
     * (it lost Redis for a while and has it back: the server's `catchUp`). Newer alarms may have
     * arrived since, so the whole recent list is read again and merged; what it did not have is
     * added and shown as after a reconnect. Answers the alarms added.
     */
    async resync(): Promise<AlarmEvent[]> {
      if (!loaded) return [];
      return (await merge(undefined, true)) ?? [];
    },
  };
}
