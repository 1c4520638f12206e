import { useEffect, useRef } from 'react';
import type { ReportEvent } from '../../../schemas/dealer.js';
import type { ReportProgress } from '../../../schemas/reports.js';
import type { SiteImportProgress } from '../../../schemas/siteImport.js';

/**
 * What the shell's reports connection (/hubs/reports) hears about runs, for any page that
 * shows them (the reports inbox): one connection, fed by useLiveConnections, read here.
 * Nothing is kept: a page that opens later loads the runs afresh.
 */
export type ReportLiveEvent = { kind: 'progress'; progress: ReportProgress } | { kind: 'complete'; event: ReportEvent };

const listeners = new Set<(event: ReportLiveEvent) => void>();
/** The same connection's `importProgress` (an account import's status and counts, /site/import). */
const importListeners = new Set<(progress: SiteImportProgress) => void>();

export function publishReportEvent(event: ReportLiveEvent): void {
  for (const listener of listeners) listener(event);
}

export function publishImportProgress(progress: SiteImportProgress): void {
  for (const listener of importListeners) listener(progress);
}

/** Keeps the latest `listener` in `set` while the component is mounted, without resubscribing. */
function useListener<T>(set: Set<(value: T) => void>, listener: (value: T) => void): void {
  const ref = useRef(listener);
  useEffect(() => {
    ref.current = listener;
  });
  useEffect(() => {
    const forward = (value: T) => ref.current(value);
    set.add(forward);
    return () => {
      set.delete(forward);
    };
  }, [set]);
}

/** Calls `listener` with every report event while the component is mounted. */
export function useReportEvents(listener: (event: ReportLiveEvent) => void): void {
  useListener(listeners, listener);
}

/** Calls `listener` with every account import's progress while the component is mounted. */
export function useImportProgress(listener: (progress: SiteImportProgress) => void): void {
  useListener(importListeners, listener);
}
