import type { AuditLogEntry } from '../../../schemas/auditLog.js';
import { AUDIT_ACTIONS, isAuditAction, type AuditAction } from '../../common/auditActions.js';
import { AUDIT_TARGET_TYPES, isAuditTargetType, type AuditTargetType } from '../../common/auditTargets.js';

/**
 * The audit log screen's pure rules: who did it and as whom, the actions' sentences and
 * the action filter's suggestions, the records' names, and the export's address.
 */

export const AUDIT_LOG_PATH = '/audit-log';

export interface AuditPerson {
  id: number | null;
  username: string | null;
  name: string | null;
}

/**
 * Who did it, and acting as whom: while impersonating, the support user (the impersonator) did
 * it as the user they impersonated (the entry's actor); otherwise the actor did it as themselves.
 * `person` is null for an entry no one signed in made (a failed sign-in, the system).
 */
export function whoDid(entry: AuditLogEntry): { person: AuditPerson | null; actingAs: AuditPerson | null } {
  const actor: AuditPerson | null =
    entry.actorUserId === null && entry.actorUsername === null
      ? null
      : { id: entry.actorUserId, username: entry.actorUsername, name: entry.actorName };
  if (entry.impersonatorUserId === null && entry.impersonatorUsername === null) return { person: actor, actingAs: null };
  return {
    person: { id: entry.impersonatorUserId, username: entry.impersonatorUsername, name: entry.impersonatorName },
    actingAs: actor,
  };
}

/** The dealer API key an entry was made through, on one line ('API key CRM (AbCd1234)'), or null. */
export function apiKeyText(translate: Translate, entry: Pick<AuditLogEntry, 'apiKeyId' | 'apiKeyName' | 'apiKeyPrefix'>): string | null {
  if (entry.apiKeyId === null && entry.apiKeyPrefix === null) return null;
  return translate('auditLog.viaApiKey', { name: entry.apiKeyName ?? `#${entry.apiKeyId ?? '?'}`, prefix: entry.apiKeyPrefix ?? '?' });
}

/** GET /api/auditLog/export with the list's filters (empty ones left out). */
export function auditExportUrl(filter: Record<string, unknown>): string {
  const kept = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== null && value !== ''));
  return `/api/auditLog/export?filter=${encodeURIComponent(JSON.stringify(kept))}`;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A record type's name in the user's language ('Contact'), or the stored code itself for one the portal no longer writes. */
export function targetTypeName(translate: Translate, code: string): string {
  return isAuditTargetType(code) ? translate(`auditLog.targets.${code}`, { _: code }) : code;
}

/** The record an entry is about, on one line: 'Contact 42', the type alone, or '' for none. */
export function targetText(translate: Translate, entry: Pick<AuditLogEntry, 'targetType' | 'targetId'>): string {
  return [entry.targetType && targetTypeName(translate, entry.targetType), entry.targetId].filter(Boolean).join(' ');
}

/** The record filter's choices: every type the portal writes, by name in the user's language. */
export function targetTypeChoices(translate: Translate, locale?: string): { id: AuditTargetType; name: string }[] {
  return AUDIT_TARGET_TYPES.map((id) => ({ id, name: targetTypeName(translate, id) })).sort((a, b) => a.name.localeCompare(b.name, locale));
}

/**
 * An action's sentence in the user's language ('Invited a user', locales auditLog.actions); undefined
 * for a code the portal no longer writes (an older entry), which the page shows as the code alone.
 */
export function actionSentence(translate: Translate, action: string): string | undefined {
  if (!isAuditAction(action)) return undefined;
  const sentence = translate(`auditLog.actions.${action}`, { _: action });
  return sentence && sentence !== action ? sentence : undefined;
}

export interface ActionSuggestion {
  code: AuditAction;
  sentence: string;
}

/** Every action the portal writes, with its sentence, in the list's order (by code). */
export function actionSuggestions(translate: Translate): ActionSuggestion[] {
  return AUDIT_ACTIONS.map((code) => ({ code, sentence: actionSentence(translate, code) ?? code }));
}

/**
 * The suggestions for what is typed in the action filter: those whose code or sentence holds it
 * (any case), the codes that start with it first ('users.' lists the users.* actions).
 */
export function matchingActions(suggestions: readonly ActionSuggestion[], typed: string): ActionSuggestion[] {
  const text = typed.trim().toLowerCase();
  if (!text) return [...suggestions];
  const matching = suggestions.filter((s) => s.code.toLowerCase().includes(text) || s.sentence.toLowerCase().includes(text));
  const starts = matching.filter((s) => s.code.toLowerCase().startsWith(text));
  return [...starts, ...matching.filter((s) => !starts.includes(s))];
}
