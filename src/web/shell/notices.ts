import { noticeDuration, type NoticeKind } from './timingRules.js';

/**
 * The shell's notifications stack (SPEC §2 'Notifications stack at the bottom right. Types
 * are Warning, Danger and Info. A notification has a title, a message, a duration, up to two
 * action buttons and a close action'). A tiny store so that hubs, the update check and pages
 * can push without React context.
 */
export type NoticeType = 'warning' | 'danger' | 'info';

export interface NoticeAction {
  label: string;
  /** A function, or an async call: the notice closes when it succeeds, its timer restarts when it fails (§4). */
  run: () => void | Promise<void>;
}

export interface ShellNotice {
  id: number;
  type: NoticeType;
  title: string;
  message: string;
  durationMs: number;
  actions: NoticeAction[];
  /** Used to replace an earlier notice of the same key (the update notice). */
  key?: string;
}

export interface NoticeInput {
  type: NoticeType;
  title: string;
  message?: string;
  kind?: NoticeKind;
  durationMs?: number;
  actions?: NoticeAction[];
  key?: string;
}

let notices: ShellNotice[] = [];
let nextId = 1;
const listeners = new Set<(n: readonly ShellNotice[]) => void>();

function emit() {
  for (const listener of [...listeners]) listener(notices);
}

/** Builds a notice: at most two actions, the duration by kind (§9). */
export function toShellNotice(input: NoticeInput, id: number): ShellNotice {
  return {
    id,
    type: input.type,
    title: input.title,
    message: input.message ?? '',
    durationMs: noticeDuration(input.kind ?? 'default', input.durationMs),
    actions: (input.actions ?? []).slice(0, 2),
    key: input.key,
  };
}

export function pushNotice(input: NoticeInput): number {
  const notice = toShellNotice(input, nextId);
  nextId += 1;
  notices = [...notices.filter((n) => !input.key || n.key !== input.key), notice];
  emit();
  return notice.id;
}

export function closeNotice(id: number): void {
  notices = notices.filter((n) => n.id !== id);
  emit();
}

export function hasNotice(key: string): boolean {
  return notices.some((n) => n.key === key);
}

export function subscribeNotices(listener: (n: readonly ShellNotice[]) => void): () => void {
  listeners.add(listener);
  listener(notices);
  return () => listeners.delete(listener);
}
