/**
 * Every kind of record an audit entry names (audit_log.target_type; `AuditEntry.targetType` in
 * src/server/audit/audit.ts takes only these, so the compiler keeps the list whole). The audit log
 * page names each in the user's language (locales/{en,es,fr}/auditLog.json `targets`; the unit test
 * auditTargets.test.ts checks they agree) and offers them in its record filter. The codes are
 * stored as written when the entry was made (the log is never rewritten), so both spellings of
 * the older ones stay: the codes of tests, alarms, reports, the answering service and account groups are snake_case, the rest camelCase.
 */
export const AUDIT_TARGET_TYPES = [
  'account_group',
  'alarm_events',
  'apiKey',
  'ans_auto_notify',
  'ans_hours_exception',
  'ans_message',
  'ans_messages',
  'ans_on_call',
  'auditLog',
  'changeRequest',
  'contact',
  'contactRequest',
  'dealerInvoice',
  'document',
  'holiday',
  'invoice',
  'news',
  'passcode',
  'privacyPolicy',
  'report_run',
  'report_schedule',
  'roadmapItem',
  'schedule',
  'session',
  'site',
  'siteDraft',
  'siteImport',
  'site_test',
  'ssoProvider',
  'statusBanner',
  'user',
  'webhookSubscription',
  'zone',
] as const;

export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

const known: ReadonlySet<string> = new Set(AUDIT_TARGET_TYPES);

/** Whether a stored target type is one the portal writes (an older entry's may not be). */
export const isAuditTargetType = (code: string): code is AuditTargetType => known.has(code);
