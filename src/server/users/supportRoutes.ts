import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { Selectable } from 'kysely';
import { tokenSchema } from '../../../schemas/auth.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import {
  impersonationStartSchema,
  SUPPORT_USER_SORT_FIELDS,
  supportAccessSchema,
  supportActionBodySchema,
  supportActionParamsSchema,
  supportUserDetailSchema,
  supportUserFilterSchema,
  type SupportUser,
  type SupportUserDetail,
  type SupportUserFilter,
} from '../../../schemas/support.js';
import {
  availableActions,
  impersonationRefusal,
  supportAction,
  supportRefusal,
  supportStatus,
  type SupportPerson,
  type SupportTarget,
} from '../../common/supportActions.js';
import { compileCached } from '../../common/validation.js';
import { mayAccess, sessionOf, setSessionCookies } from '../auth/authPlugin.js';
import { passkeysRepository } from '../auth/passkeysRepository.js';
import { hasConfirmedAuthenticator } from '../auth/totpRepository.js';
import { iso } from '../db/listing.js';
import type { UsersTable } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { parseListQuery } from '../http/simpleRest.js';
import type { RawListQuery } from '../http/simpleRestRoutes.js';
import { SUPPORT_ACTION_HANDLERS } from './supportActionHandlers.js';
import { supportRepository, type SupportSortField } from './supportRepository.js';
import { routeOptions } from '../http/routeOptions.js';

const errors = { 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const route = routeOptions(['support']);
const userAccountRoute = routeOptions(['user account']);
const notFound = () => new HttpError(404, 'errors.notFound');

const personOf = (user: Selectable<UsersTable>): SupportPerson => ({
  userId: user.user_id,
  applicationNum: user.application_num,
  roles: user.roles,
  flags: user.auth_flags,
  canEdit: user.can_edit_news,
});

/**
 * Support's view of the `users` resource: for application-1 staff with §6 reportRead
 * (the access table's `users` list and show), GET /api/users searches every user and
 * GET /api/users/{id} answers a user's page. staffRoutes.ts hands application 1's calls here; a
 * dealer's administrator keeps the group's staff there.
 */
export function supportDirectory(app: FastifyInstance) {
  const repo = supportRepository(app.db);
  const validateFilter = compileCached(supportUserFilterSchema);

  /** The directory's page (the route factory writes its Content-Range); read by support's own filter and sort rules. */
  async function list(request: FastifyRequest): Promise<{ items: SupportUser[]; total: number }> {
    const query = parseListQuery<SupportUserFilter, SupportSortField>(request.query as RawListQuery, {
      sortFields: SUPPORT_USER_SORT_FIELDS,
      validateFilter,
    });
    const { rows, total } = await repo.list({
      q: query.filter.q,
      status: query.filter.status,
      applicationNum: query.filter.applicationNum,
      ids: query.filter.id,
      sort: query.sort,
      offset: query.offset,
      limit: query.limit,
    });
    return { items: rows, total };
  }

  async function detail(request: FastifyRequest, userId: number): Promise<SupportUserDetail> {
    const found = await repo.user(userId);
    if (!found) throw notFound();
    const { row, line } = found;
    const state = await repo.state(row);
    const pendingRequirements = repo.pendingOf(row, state.contactMethods.filter((c) => c.verified).length);
    const actor = personOf(request.auth!.user);
    const target: SupportTarget = {
      ...personOf(row),
      disabled: !!row.disabled_at,
      hasPassword: !!row.password_hash,
      emailVerified: !!row.email_verified_at,
      passwordResetRequired: row.password_reset_required,
      locked: state.locks.length > 0,
      contactMethods: state.contactMethods.length,
      trustedDevices: state.trustedDevices.length,
      authenticator: await hasConfirmedAuthenticator(app.db, row.user_id),
      passkeys: (await passkeysRepository(app.db).listOf(row.user_id)).length,
      openSessions: state.sessions.length,
    };
    const refusal = supportRefusal(actor, target) ?? null;
    const impersonation = impersonationRefusal(actor, target) ?? null;
    return {
      ...line,
      status: supportStatus({ ...target, pendingRequirements }),
      createdAt: iso(row.created_at),
      disabledAt: iso(row.disabled_at),
      invitedAt: iso(row.invited_at),
      emailVerified: target.emailVerified,
      roles: row.roles,
      flags: row.auth_flags,
      canEdit: row.can_edit_news,
      ...state,
      pendingRequirements,
      actions: availableActions(target, refusal ?? undefined),
      refusal,
      impersonation: { available: !impersonation && mayAccess(request, 'users', 'impersonate'), refusal: impersonation },
    };
  }

  return { repo, list, detail };
}

/**
 * Support's actions on a user's sign-in and impersonation:
 * - POST /api/users/{id}/supportActions/{action} {reason}: unlock, reset MFA, require a password
 *   reset, resend the registration link, disable, enable, sign out everywhere (the list:
 *   src/common/supportActions.ts). Never on oneself or on staff holding a privilege the caller
 *   lacks (403); 409 when the action does not apply now. Audited with the reason.
 * - POST /api/impersonation {userId, reason, durationMinutes}: the caller's session ends and one
 *   of the target's begins, marked with the impersonator and ending after 15, 30 or 60 minutes
 *   (then every call answers 401 with Invalid-Impersonation, SPEC §8). Answers the token as
 *   POST /api/impersonation/end does. Never staff, oneself or a disabled user.
 * - GET /api/user/supportAccess: the signed-in user's own impersonations (/user-account).
 */
export async function supportRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const directory = supportDirectory(app);
  const { repo } = directory;

  app.post(
    '/users/:id/supportActions/:action',
    route({
      access: { resource: 'supportActions', action: 'edit' },
      summary:
        "A support action on a user's sign-in, with a reason (audited): unlock, resetMfa, requirePasswordReset, resendRegistration, disable, enable, signOutEverywhere",
      params: supportActionParamsSchema,
      body: supportActionBodySchema,
      response: { 200: supportUserDetailSchema, ...errors },
    }),
    async (request) => {
      const { id, action } = request.params;
      const reason = request.body.reason.trim();
      const found = await repo.user(id);
      if (!found) throw notFound();
      const target = found.row;
      const refusal = supportRefusal(personOf(request.auth!.user), personOf(target));
      if (refusal) {
        await app.audit(request, { action: 'support.refused', targetType: 'user', targetId: id, details: { action, refusal, reason } });
        throw new HttpError(403, `support.errors.${refusal}`);
      }
      const before = await directory.detail(request, id);
      if (!before.actions.find((a) => a.action === action)?.available) throw new HttpError(409, 'support.errors.notApplicable');
      const details = await SUPPORT_ACTION_HANDLERS[action]({ app, request, repo, target });
      await app.audit(request, {
        action: supportAction(action).audit,
        targetType: 'user',
        targetId: id,
        details: { reason, statusBefore: before.status, ...details },
      });
      return directory.detail(request, id);
    },
  );

  app.post(
    '/impersonation',
    route({
      access: { resource: 'users', action: 'impersonate' },
      summary:
        "Impersonate a user for 15, 30 or 60 minutes with a reason (audited): the caller's session ends and the answer's token is the user's, marked with the impersonator",
      body: impersonationStartSchema,
      response: { 200: tokenSchema, ...errors },
    }),
    async (request, reply) => {
      const { user: actor } = request.auth!;
      const session = sessionOf(request);
      const { userId, durationMinutes } = request.body;
      const reason = request.body.reason.trim();
      const found = await repo.user(userId);
      if (!found) throw notFound();
      const target = found.row;
      const refusal = impersonationRefusal(personOf(actor), { ...personOf(target), disabled: !!target.disabled_at });
      if (refusal) {
        await app.audit(request, {
          action: 'impersonation.refused',
          targetType: 'user',
          targetId: userId,
          details: { refusal, reason, durationMinutes },
        });
        throw new HttpError(403, `support.errors.impersonation.${refusal}`);
      }
      const startedAt = new Date();
      const expiresAt = new Date(startedAt.getTime() + durationMinutes * 60_000);
      // The support user's own session ends: ending the impersonation opens a new one (accountRoutes.ts).
      await app.sessions.end(session.session_id, 'impersonation-started');
      await app.realtime.endSession(session.session_id);
      const tokens = await app.sessions.create({
        userId,
        impersonatorUserId: actor.user_id,
        pending: {},
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        now: startedAt,
        expiresAt,
      });
      const impersonationId = await repo.startImpersonation({
        impersonatorUserId: actor.user_id,
        impersonatorName: actor.name,
        targetUserId: userId,
        sessionId: tokens.sessionId,
        reason,
        durationMinutes,
        startedAt,
        expiresAt,
      });
      setSessionCookies(reply, app.config.publicUrl, tokens);
      await app.audit(request, {
        action: 'impersonation.started',
        targetType: 'user',
        targetId: userId,
        details: { reason, durationMinutes, expiresAt: expiresAt.toISOString(), impersonationId, sessionId: tokens.sessionId },
      });
      return { token: tokens.bearer.token, expires: tokens.bearer.expires.toISOString() };
    },
  );

  app.get(
    '/user/supportAccess',
    userAccountRoute({
      access: { resource: 'userAccount', action: 'show' },
      summary: 'When support acted as the signed-in user (impersonation): who, why, how long, when it ended; newest first',
      response: { 200: { type: 'array', items: supportAccessSchema }, ...errors },
    }),
    async (request) => repo.impersonationsOf(request.auth!.user.user_id),
  );
}
