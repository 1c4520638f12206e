import { useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { canAccess } from '../../common/access.js';
import { TIMINGS } from '../../common/constants.js';
import { reportPagePath } from '../../common/reportPaths.js';
import { useLiveConnections } from '../realtime/useLiveConnections.js';
import { hasNotice, pushNotice } from './notices.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { FEEDBACK_SHOWN_KEY, HELP_PROMPT_DISABLED_KEY, promptPlans, updateAvailable } from './timingRules.js';
import { safeStorage, useShellSession } from './useShellSession.js';

/** Alarm and report notices from the hubs (SPEC §4, 10000 ms each), with the idle rule. */
export function LiveNotices({ dealer }: { dealer: boolean }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data: groups } = useQuery({
    queryKey: ['shell', 'accountGroups'],
    queryFn: () => dataProvider.accountGroupOptions(),
    enabled: dealer,
  });
  // Only staff hear live alarms (the table's liveAlarms): a customer's current group is their account's dealer.
  const hearsAlarms = canAccess(useShellSession().user, { resource: 'liveAlarms', action: 'list' });
  const liveGroups = useMemo(
    () => (hearsAlarms ? groups?.filter((g) => g.liveAlarms).map((g) => g.siteGroupNum) : []),
    [groups, hearsAlarms],
  );
  useLiveConnections(
    {
      alarm: (event) => {
        pushNotice({
          type: 'danger',
          kind: 'alarm',
          title: translate('shell.notifications.alarmTitle', { siteName: event.siteName }),
          message: translate('shell.notifications.alarmMessage', {
            eventCodeDescription: event.eventCodeDescription,
            transmitterCode: event.transmitterCode,
            time: new Date(event.alarmDate).toLocaleTimeString(),
          }),
          actions: [
            {
              label: translate('shell.notifications.viewSite'),
              run: () => navigate(`/site/alarm-history?sn=${event.siteNum}&dn=${event.devNum}`),
            },
          ],
        });
      },
      reportComplete: (event) => {
        pushNotice({
          type: event.success ? 'info' : 'warning',
          kind: 'report',
          title: translate(event.success ? 'shell.notifications.reportTitle' : 'shell.notifications.reportFailedTitle'),
          message: event.reportName,
          // The run's own page when the event names it (SPEC §3 report event, runId), else the inbox.
          actions: [
            {
              label: translate(event.runId ? 'shell.notifications.viewReport' : 'shell.notifications.viewReports'),
              run: () => navigate(reportPagePath(event.runId)),
            },
          ],
        });
        void queryClient.invalidateQueries({ queryKey: ['reports'] });
      },
    },
    liveGroups,
  );
  return null;
}

/** §4 'New version detection: checked every 15 s. A persistent 'Update Available' notice with an Update button reloads the page.' */
export function UpdateCheck() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  useEffect(() => {
    let loaded: string | undefined;
    let stopped = false;
    const check = async () => {
      const version = await dataProvider.appVersion().catch(() => undefined);
      if (stopped || !version) return;
      if (!loaded) loaded = version.buildId;
      else if (updateAvailable(loaded, version.buildId) && !hasNotice('update')) {
        pushNotice({
          type: 'info',
          kind: 'update',
          key: 'update',
          title: translate('shell.notifications.updateTitle'),
          message: translate('shell.notifications.updateMessage'),
          actions: [{ label: translate('shell.notifications.update'), run: () => window.location.reload() }],
        });
      }
    };
    void check();
    const timer = setInterval(() => void check(), TIMINGS.updateCheckMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [translate, dataProvider]);
  return null;
}

/** §4 feedback and help prompts, application 2 only. */
export function Prompts() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { user } = useShellSession();
  const applicationNum = user?.applicationNum ?? 0;
  useEffect(() => {
    const plans = promptPlans(applicationNum, {
      feedbackShown: safeStorage.get(FEEDBACK_SHOWN_KEY) === 'true',
      helpDisabled: safeStorage.get(HELP_PROMPT_DISABLED_KEY) === 'true',
    });
    const timers = plans.map((plan) =>
      setTimeout(() => {
        if (plan.kind === 'feedback') {
          safeStorage.set(FEEDBACK_SHOWN_KEY, 'true');
          pushNotice({
            type: 'info',
            durationMs: plan.shownForMs,
            title: translate('shell.prompts.feedbackTitle'),
            message: translate('shell.prompts.feedbackMessage'),
            actions: [{ label: translate('shell.help.provideFeedback'), run: () => navigate('/home/contact-us?topic=feedback') }],
          });
        } else {
          pushNotice({
            type: 'info',
            durationMs: plan.shownForMs,
            title: translate('shell.prompts.helpTitle'),
            message: translate('shell.prompts.helpMessage'),
            actions: [
              { label: translate('shell.prompts.openKnowledgeBase'), run: () => navigate('/knowledge-base') },
              { label: translate('shell.prompts.dontShowAgain'), run: () => safeStorage.set(HELP_PROMPT_DISABLED_KEY, 'true') },
            ],
          });
        }
      }, plan.showAfterMs),
    );
    return () => timers.forEach(clearTimeout);
  }, [applicationNum, translate, navigate]);
  return null;
}
