import { useEffect, useRef } from 'react';
import type { ReportEvent } from '../../../schemas/dealer.js';
import type { ReportProgress } from '../../../schemas/reports.js';

/**
 * What the shell's reports connection (/hubs/reports) hears about runs, for any page that
 * shows them (the reports inbox): one connection, fed by useLiveConnections, read here.
 * Nothing is kept: a page that opens later loads the runs afresh.
 */
export type ReportLiveEvent = { kind: 'progress'; progress: ReportProgress } | { kind: 'complete'; event: ReportEvent };

const listeners = new Set<(event: ReportLiveEvent) => void>();

export function publishReportEvent(event: ReportLiveEvent): void {
  for (const listener of listeners) listener(event);
}

/** Calls `listener` with every report event while the component is mounted (the latest listener, without resubscribing). */
export function useReportEvents(listener: (event: ReportLiveEvent) => void): void {
  const ref = useRef(listener);
  useEffect(() => {
    ref.current = listener;
  });
  useEffect(() => {
    const forward = (event: ReportLiveEvent) => ref.current(event);
    listeners.add(forward);
    return () => {
      listeners.delete(forward);
    };
  }, []);
}
