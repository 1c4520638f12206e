import type { SupportActionId, SupportUserDetail, SupportUserStatus } from '../../../schemas/support.js';
import { SUPPORT_ACTIONS, type SupportActionDefinition } from '../../common/supportActions.js';

/** The user page of a directory row. */
export function supportUserPath(id: number | string): string {
  return `/support/users/${id}`;
}

/** The id of /support/users/:id, or undefined when it is no user id. */
export function parseUserId(param: string | undefined): number | undefined {
  if (!param || !/^\d{1,9}$/.test(param)) return undefined;
  const id = Number(param);
  return id > 0 ? id : undefined;
}

/** Status chips filled in the portal's dark status colours under white text (axe: 4.5:1 and more). */
export const STATUS_FILL: Record<SupportUserStatus, string> = {
  active: '#2e7d32',
  locked: '#b3261e',
  pendingRequirements: '#8a4b00',
  disabled: '#4a5663',
  invited: '#1565c0',
};

/** The actions the page offers: the ones the server says apply now, in the shared list's order. */
export function offeredActions(detail: Pick<SupportUserDetail, 'actions'>): SupportActionDefinition[] {
  const available = new Set(detail.actions.filter((a) => a.available).map((a) => a.action));
  return SUPPORT_ACTIONS.filter((action) => available.has(action.id));
}

/** The reason's message key when it cannot be sent (blank), else undefined. */
export function reasonError(reason: string): string | undefined {
  return reason.trim() ? undefined : 'support.reason.required';
}

/** The texts of an action: its button, dialog title and description, and the notice after it. */
export function actionKeys(id: SupportActionId) {
  const base = `support.actions.${id}`;
  return { label: `${base}.label`, title: `${base}.title`, description: `${base}.description`, done: `${base}.done` };
}

/** A date and time in the user's language, short; '' without one. */
export function formatWhen(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
