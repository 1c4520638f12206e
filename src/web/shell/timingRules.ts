import { APPLICATION, TIMINGS } from '../../common/constants.js';

/** SPEC §4 'Shell and live behaviour' and §9 timings, as pure functions. */

export type NoticeKind = 'default' | 'alarm' | 'report' | 'update';

/** §9: default 7000 ms; alarm and report notices 10000 ms; the update notice persistent (1e6 ms). */
export function noticeDuration(kind: NoticeKind, explicit?: number): number {
  if (explicit !== undefined) return explicit;
  if (kind === 'alarm') return TIMINGS.alarmNoticeMs;
  if (kind === 'report') return TIMINGS.reportNoticeMs;
  if (kind === 'update') return TIMINGS.updateNoticeMs;
  return TIMINGS.notificationDefaultMs;
}

/** §4 'The timer restarts after a failed action ... the alert closes on success'. */
export function afterNoticeAction(outcome: 'success' | 'failure'): 'close' | 'restartTimer' {
  return outcome === 'success' ? 'close' : 'restartTimer';
}

/** §4 new version detection: a different build id than the one the page loaded with. */
export function updateAvailable(loadedBuildId: string | undefined, currentBuildId: string | undefined): boolean {
  return !!loadedBuildId && !!currentBuildId && loadedBuildId !== currentBuildId;
}

export const FEEDBACK_SHOWN_KEY = 'feedback-shown';
export const HELP_PROMPT_DISABLED_KEY = 'help-prompt-disabled';

export interface PromptPlan {
  kind: 'feedback' | 'help';
  /** ms after the shell starts. */
  showAfterMs: number;
  /** ms the prompt stays. */
  shownForMs: number;
}

/**
 * §4 'Feedback prompt: after 15 min, once (flag feedback-shown), shown 5 min. Help prompt:
 * after 5 min, shown 2 min, can be disabled. Both apply to app 2 only.' A behaviour of app 2's
 * screens, not a grant of access, so it reads the application rather than the access table.
 */
export function promptPlans(applicationNum: number, flags: { feedbackShown: boolean; helpDisabled: boolean }): PromptPlan[] {
  if (applicationNum !== APPLICATION.dealer) return [];
  const plans: PromptPlan[] = [];
  if (!flags.helpDisabled) plans.push({ kind: 'help', showAfterMs: TIMINGS.helpPromptAfterMs, shownForMs: TIMINGS.helpPromptShownMs });
  if (!flags.feedbackShown)
    plans.push({ kind: 'feedback', showAfterMs: TIMINGS.feedbackPromptAfterMs, shownForMs: TIMINGS.feedbackPromptShownMs });
  return plans;
}
