import { useEffect, useRef } from 'react';
import { useDataProvider } from 'react-admin';
import { TIMINGS } from '../../common/constants.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { subscribe, getSession } from '../providers/session.js';
import { alarmCatchUp } from './alarmCatchUp.js';
import { clearAlarms, currentAlarms, publishAlarm, publishAlarms } from './alarmFeed.js';
import { isIdle } from './liveRules.js';
import { LiveConnections, type LiveHandlers } from './liveConnections.js';
import { publishImportProgress, publishReportEvent } from './reportFeed.js';

/** How often the idle rule is checked. */
const IDLE_CHECK_MS = 5000;

/**
 * Runs the live connections while the shell is mounted: stops them after 180 s without mouse or
 * touch movement and reconnects on the next movement (SPEC §4); follows account-group switches;
 * reads the recent-alarms list when the alarm connection starts and what it missed when it returns.
 */
export function useLiveConnections(
  handlers: Omit<LiveHandlers, 'reportProgress' | 'importProgress'>,
  liveGroups: readonly number[] | undefined,
): void {
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });
  const managerRef = useRef<LiveConnections>(undefined);
  const dataProvider = useDataProvider<PortalDataProvider>();

  useEffect(() => {
    // Alarms missed while the alarm connection was down are read back when it returns (alarmCatchUp.ts).
    const catchUp = alarmCatchUp({
      fetchRecent: (after) => dataProvider.recentAlarms(after),
      group: () => getSession().siteGroupNum,
      current: currentAlarms,
      publish: publishAlarms,
      notify: (event) => handlersRef.current.alarm(event),
    });
    const manager = new LiveConnections({
      alarm: (event) => {
        publishAlarm(event);
        handlersRef.current.alarm(event);
      },
      reportComplete: (event) => {
        publishReportEvent({ kind: 'complete', event });
        handlersRef.current.reportComplete(event);
      },
      reportProgress: (progress) => publishReportEvent({ kind: 'progress', progress }),
      importProgress: publishImportProgress,
      alarmsConnected: () => void catchUp.connected(),
      alarmsInterrupted: () => catchUp.interrupted(),
      alarmsResync: () => void catchUp.resync(),
    });
    managerRef.current = manager;
    let lastMovement = Date.now();
    let idle = false;
    let reconnecting = false;
    void manager.start();

    const onMove = () => {
      lastMovement = Date.now();
      if (!idle || reconnecting) return;
      reconnecting = true;
      void manager.reconnect().then((ok) => {
        reconnecting = false;
        if (ok) idle = false;
      });
    };
    const check = setInterval(
      () => {
        if (!idle && isIdle(lastMovement, Date.now())) {
          idle = true;
          void manager.stop();
        }
      },
      Math.min(IDLE_CHECK_MS, TIMINGS.idleTimeoutMs),
    );
    window.addEventListener('mousemove', onMove, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchstart', onMove, { passive: true });
    // An account-group switch: the alarm hub comes or goes.
    let group = getSession().siteGroupNum;
    const unsubscribe = subscribe(() => {
      const now = getSession().siteGroupNum;
      if (now === group) return;
      group = now;
      clearAlarms();
      catchUp.reset();
      if (!idle) void manager.start();
    });
    return () => {
      clearInterval(check);
      window.removeEventListener('mousemove', onMove);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchstart', onMove);
      unsubscribe();
      void manager.stop();
    };
    // The dataProvider is made once (App.tsx): the connections start once per mount.
  }, [dataProvider]);

  useEffect(() => {
    const manager = managerRef.current;
    if (!manager || !liveGroups) return;
    manager.setLiveGroups(liveGroups);
    if (manager.running) void manager.start();
  }, [liveGroups]);
}
