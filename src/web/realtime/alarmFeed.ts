import { useSyncExternalStore } from 'react';
import type { AlarmEvent } from '../../../schemas/dealer.js';

/**
 * The alarms the shell's live connection received (the alarms hub), newest
 * first, for any page that shows them (the dashboard's "Recent alarms"): one
 * connection, fed by useLiveConnections, read here. Kept in memory while the
 * page is open; at most RECENT_ALARMS_MAX; the same alarmNum once.
 */
const RECENT_ALARMS_MAX = 20;

let recent: readonly AlarmEvent[] = [];
const listeners = new Set<() => void>();

/** The list after `event` arrived: newest first, no duplicate alarmNum, at most `max`. */
export function withAlarm(list: readonly AlarmEvent[], event: AlarmEvent, max: number = RECENT_ALARMS_MAX): AlarmEvent[] {
  return [event, ...list.filter((a) => a.alarmNum !== event.alarmNum)].slice(0, max);
}

export function publishAlarm(event: AlarmEvent): void {
  recent = withAlarm(recent, event);
  for (const listener of listeners) listener();
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
