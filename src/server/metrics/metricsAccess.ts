import { safeEqual, sha256 } from '../auth/secrets.js';

export interface MetricsAccessRule {
  demo: boolean;
  /** Demo mode on only by default: its anonymous features answer this machine only (http/loopback.ts). */
  demoLoopbackOnly: boolean;
  /** METRICS_TOKEN. */
  token: string | undefined;
}

/**
 * Who may read GET /metrics (SPEC §7 lists `metrics` among the anonymous calls; anonymous
 * only in demo mode): a caller with `Authorization: Bearer <METRICS_TOKEN>` (compared in constant
 * time); anyone in demo mode, or only loopback clients when demo mode is on only by default. Without
 * a token outside demo mode, nobody.
 */
export function mayReadMetrics(rule: MetricsAccessRule, call: { authorization: string | undefined; loopback: boolean }): boolean {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(call.authorization ?? '')?.[1];
  if (rule.token && bearer && safeEqual(sha256(bearer), sha256(rule.token))) return true;
  return rule.demo && (!rule.demoLoopbackOnly || call.loopback);
}
