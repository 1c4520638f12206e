import { useSyncExternalStore } from 'react';
import type { AlarmEvent } from '../../../schemas/dealer.js';
import { RECENT_ALARMS_MAX } from '../../../schemas/live.js';

/**
 * The alarms the shell's live connection received (the alarms hub), newest
 * first, for any page that shows them (the dashboard's "Recent alarms"): one
 * connection, fed by useLiveConnections, read here. Kept in memory while the
 * page is open; at most RECENT_ALARMS_MAX; the same alarmNum once. When the
 * connection starts, and again when it comes back after a break, the server's
 * recent-alarms list (GET /api/alarms/recent) is merged in (alarmCatchUp.ts).
 */

let recent: readonly AlarmEvent[] = [];
const listeners = new Set<() => void>();

/** The list after `event` arrived: newest first, no duplicate alarmNum, at most `max`. */
export function withAlarm(list: readonly AlarmEvent[], event: AlarmEvent, max: number = RECENT_ALARMS_MAX): AlarmEvent[] {
  return [event, ...list.filter((a) => a.alarmNum !== event.alarmNum)].slice(0, max);
}

/**
 * The list after a read of the server's recent-alarms list: the alarms it did not have are added
 * (`added`, newest first), ordered newest first by alarmNum (the order they were stored), at most `max`.
 */
export function mergeAlarms(
  list: readonly AlarmEvent[],
  fetched: readonly AlarmEvent[],
  max: number = RECENT_ALARMS_MAX,
): { list: AlarmEvent[]; added: AlarmEvent[] } {
  const known = new Set(list.map((a) => a.alarmNum));
  const added = fetched.filter((a) => !known.has(a.alarmNum)).sort((a, b) => b.alarmNum - a.alarmNum);
  if (added.length === 0) return { list: [...list], added };
  return { list: [...list, ...added].sort((a, b) => b.alarmNum - a.alarmNum).slice(0, max), added };
}

/** The newest alarmNum of the list (what a catch-up asks for alarms after); undefined when it is empty. */
export function newestAlarmNum(list: readonly AlarmEvent[]): number | undefined {
  return list.length ? Math.max(...list.map((a) => a.alarmNum)) : undefined;
}

export function publishAlarm(event: AlarmEvent): void {
  recent = withAlarm(recent, event);
  for (const listener of listeners) listener();
}

/** Merges alarms read from the server into the list; answers those it did not have, newest first. */
export function publishAlarms(fetched: readonly AlarmEvent[]): AlarmEvent[] {
  const merged = mergeAlarms(recent, fetched);
  if (merged.added.length === 0) return [];
  recent = merged.list;
  for (const listener of listeners) listener();
  return merged.added;
}

export function currentAlarms(): readonly AlarmEvent[] {
  return recent;
}

/** Forget the alarms (an account-group switch: they were another group's). */
export function clearAlarms(): void {
  if (recent.length === 0) return;
  recent = [];
  for (const listener of listeners) listener();
}

function subscribeAlarms(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRecentAlarms(): readonly AlarmEvent[] {
  return useSyncExternalStore(subscribeAlarms, () => recent);
}
