import { TIMINGS } from '../../common/constants.js';

/** SPEC §2 notifications (bottom right) and §4 'auto-close after their duration (default 7000 ms)'. */
export type NotificationType = 'success' | 'info' | 'warning' | 'error';

export interface NotificationInput {
  type: NotificationType;
  message: string;
  title?: string;
  durationMs?: number;
}

export interface Notification extends Required<Omit<NotificationInput, 'title'>> {
  id: number;
  title?: string;
}

let nextId = 1;
let stack: Notification[] = [];
const listeners = new Set<(stack: readonly Notification[]) => void>();

function emit(): void {
  for (const listener of [...listeners]) listener(stack);
}

/** A notification with its defaults (§9 notification default 7000 ms). */
export function toNotification(input: NotificationInput, id: number): Notification {
  return {
    id,
    type: input.type,
    message: input.message,
    title: input.title,
    durationMs: input.durationMs ?? TIMINGS.notificationDefaultMs,
  };
}

/** Shows a notification in the stack rendered by <Notifications/>. */
export function notify(n: NotificationInput): void {
  stack = [...stack, toNotification(n, nextId++)];
  emit();
}

export function dismiss(id: number): void {
  stack = stack.filter((n) => n.id !== id);
  emit();
}

export function subscribeNotifications(listener: (stack: readonly Notification[]) => void): () => void {
  listeners.add(listener);
  listener(stack);
  return () => listeners.delete(listener);
}
