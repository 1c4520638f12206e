import { canAccess } from '../../common/access.js';
import type { FastifyInstance } from 'fastify';
import { accessUserOf } from '../auth/accessGuard.js';
import type { UserRow } from '../auth/authPlugin.js';
import { readBearer } from '../auth/bearer.js';
import { actionRequired, type Pending } from '../auth/requirements.js';
import type { Session } from '../auth/sessions.js';
import type { HubName } from './backplane.js';
import { realtimeRepository } from './realtimeRepository.js';

export type HubAccess = { ok: true; user: UserRow; session: Session } | { ok: false; status: 401 | 403; messageKey: string };

/** The bearer token of a hub request: the `access_token` query (browsers), else the Authorization header (Node clients). */
export function hubToken(query: URLSearchParams, authorization: string | undefined): string | undefined {
  const fromQuery = query.get('access_token');
  if (fromQuery) return fromQuery;
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim() || undefined;
  return undefined;
}

/**
 * Whether the holder of a bearer token may use a hub: checked at negotiate and
 * again at the upgrade. The token must be well signed and unexpired, its
 * session open, its user enabled and through sign-in (no login action
 * pending); the alarm hub serves only the live-alarm account groups.
 */
export async function authorizeHub(
  app: FastifyInstance,
  hub: HubName,
  token: string | undefined,
  liveGroups: readonly number[],
): Promise<HubAccess> {
  if (!token) return { ok: false, status: 401, messageKey: 'errors.signInRequired' };
  const bearer = readBearer(app.secrets.sessionSecret, token);
  if (!bearer) return { ok: false, status: 401, messageKey: 'errors.invalidToken' };
  if (bearer.expired) return { ok: false, status: 401, messageKey: 'errors.loginExpired' };
  const session = await app.sessions.open(bearer.sessionId);
  if (!session) return { ok: false, status: 401, messageKey: 'errors.sessionEnded' };
  const user = await realtimeRepository(app.db).userById(session.user_id);
  if (!user || user.disabled_at) return { ok: false, status: 401, messageKey: 'errors.sessionEnded' };
  if (actionRequired((session.pending_requirements ?? {}) as Pending)) {
    return { ok: false, status: 403, messageKey: 'errors.loginActionRequired' };
  }
  // The dealer's live alarms are staff's (§4): a customer's current group is their account's dealer, not theirs to hear.
  const hearsAlarms = canAccess(accessUserOf(user), { resource: 'liveAlarms', action: 'list' });
  if (hub === 'alarms' && (!hearsAlarms || !isLiveGroup(user.current_site_group_num, liveGroups))) {
    return { ok: false, status: 403, messageKey: 'live.notLiveAlarmGroup' };
  }
  return { ok: true, user, session };
}

export function isLiveGroup(siteGroupNum: number | null, liveGroups: readonly number[]): siteGroupNum is number {
  return siteGroupNum !== null && liveGroups.includes(siteGroupNum);
}
