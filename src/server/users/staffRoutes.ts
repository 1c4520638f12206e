import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import {
  STAFF_USER_SORT_FIELDS,
  staffInviteSchema,
  staffUpdateSchema,
  staffUserFilterSchema,
  staffUserSchema,
  type StaffUser,
  type StaffUserFilter,
} from '../../../schemas/users.js';
import { canAccess, type Action } from '../../common/access.js';
import { manageRefusal, nextPermissions, permissionsAbove, type Manager } from '../../common/userPermissions.js';
import { compileCached } from '../../common/validation.js';
import { accessUserOf } from '../auth/accessGuard.js';
import { mayAccess, type UserRow } from '../auth/authPlugin.js';
import { noticeSecurityChange } from '../auth/securityNotices.js';
import { resetAuthenticator } from '../auth/totpRepository.js';
import { HttpError } from '../http/errors.js';
import { parseListQuery } from '../http/simpleRest.js';
import { idParams, simpleRestRoutes, type RawListQuery } from '../http/simpleRestRoutes.js';
import { mailLinkBase } from '../mail/links.js';
import { INVITATION_TTL_MS, staffRepository, toStaffUser, type StaffRow, type StaffSortField } from './staffRepository.js';
import {
  SUPPORT_USER_SORT_FIELDS,
  supportUserDetailSchema,
  supportUserFilterSchema,
  supportUserSchema,
  type SupportUser,
  type SupportUserDetail,
  type SupportUserFilter,
} from '../../../schemas/support.js';
import type { SupportSortField } from './supportRepository.js';
import { supportDirectory } from './supportRoutes.js';
import type { AuditAction } from '../../common/auditActions.js';
import { routeOptions } from '../http/routeOptions.js';

/**
 * The list's filter: a staff list's or support's (each side checks its own again); the `id` of
 * getMany is in both.
 */
const usersFilterSchema = {
  type: 'object',
  properties: { id: staffUserFilterSchema.properties.id },
  anyOf: [withoutId(staffUserFilterSchema), withoutId(supportUserFilterSchema)],
} as const;

/** A schema without its $id, to sit inside another (the validator knows each $id once). */
function withoutId<T extends { $id: string }>({ $id, ...schema }: T): Omit<T, '$id'> {
  void $id;
  return schema;
}
const errors = { 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['users'];
const route = routeOptions(tags);
const notFound = () => new HttpError(404, 'errors.notFound');

/**
 * Dealer staff management (access table `users`: a dealer's administrator with §6
 * xtAdmin, and internal staff): the users of the caller's selected account group, in
 * ra-data-simple-rest conventions. Invite by email (the user is created without a password and
 * mailed the registration link, /login/register?otp=…), set the §6 roles and flags (never more
 * than the inviter holds: src/common/userPermissions.ts), disable and enable, reset MFA, resend
 * the invitation. The group scope is the repository's: another group's user answers 404. Every
 * change is audited.
 */
export async function staffRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const repo = staffRepository(app.db);
  const validateFilter = compileCached(staffUserFilterSchema);
  // Support staff (the access table's `support`, §6 reportRead): every user, and a user's support page (supportRoutes.ts).
  const support = supportDirectory(app);
  const isSupport = (request: FastifyRequest) => mayAccess(request, 'support', 'list');

  /**
   * The caller's selected account group, and the caller as a manager. The group must be one the
   * access table lets them act in (a dealer's own groups; application 1 any).
   */
  async function context(request: FastifyRequest, action: Action): Promise<{ group: number; manager: Manager; user: UserRow }> {
    const user = request.auth!.user;
    const groups = await repo.groupsOf(user.user_id);
    const group = user.current_site_group_num;
    if (
      group === null ||
      !canAccess(accessUserOf(user, { siteGroupNums: groups }), { resource: 'users', action, record: { siteGroupNum: group } })
    ) {
      throw new HttpError(400, 'users.errors.noGroup');
    }
    return {
      group,
      user,
      manager: {
        applicationNum: user.application_num,
        userId: user.user_id,
        siteGroupNums: groups,
        roles: user.roles,
        flags: user.auth_flags,
      },
    };
  }

  const asManaged = (row: StaffRow) => ({
    userId: row.user_id,
    siteGroupNums: row.site_group_nums,
    roles: row.roles,
    flags: row.auth_flags,
  });

  /** The group's user the caller may change: 404 outside the group, 403 when the rule refuses. */
  async function manageable(request: FastifyRequest, userId: number) {
    const ctx = await context(request, 'edit');
    const row = await repo.get(ctx.group, userId);
    if (!row) throw notFound();
    const refusal = manageRefusal(ctx.manager, asManaged(row));
    if (refusal) {
      await audit(request, 'users.refused', userId, { reason: refusal });
      throw new HttpError(403, `users.errors.${refusal}`);
    }
    return { ...ctx, row };
  }

  /** 403 naming what the inviter lacks (the §6 list itself is the schema's 400). */
  async function refuseAbove(request: FastifyRequest, manager: Manager, requested: { roles: string[]; flags: string[] }, target?: number) {
    const above = permissionsAbove(manager, requested);
    if (!above.length) return;
    await audit(request, 'users.refused', target, { reason: 'aboveInviter', permissions: above });
    throw new HttpError(403, 'users.errors.aboveInviter', { permissions: above.join(', ') });
  }

  const audit = (request: FastifyRequest, action: AuditAction, userId: number | undefined, details: Record<string, unknown> = {}) =>
    app.audit(request, { action, targetType: 'user', targetId: userId, details });

  async function sendInvitation(request: FastifyRequest, row: { user_id: number; email: string | null; username: string }, group: string) {
    const token = await repo.newInvitationToken(row.user_id);
    const link = `${mailLinkBase(request.hostname, app.config)}/login/register?otp=${encodeURIComponent(token)}`;
    const inviter = request.auth!.user.name;
    const days = String(INVITATION_TTL_MS / 86_400_000);
    return app.outbox.sendEmail({
      to: row.email ?? row.username,
      subject: request.t('users.invitation.subject', { group }),
      text: request.t('users.invitation.body', { inviter, group, link, days, username: row.username }),
    });
  }

  const view = (ctx: { manager: Manager }, row: StaffRow) => toStaffUser(row, !manageRefusal(ctx.manager, asManaged(row)));

  await simpleRestRoutes<StaffUser | SupportUser | SupportUserDetail, StaffUserFilter | SupportUserFilter, SupportSortField>(parent, {
    path: 'users',
    resource: 'users',
    tags,
    record: { anyOf: [staffUserSchema, supportUserSchema] },
    detail: { anyOf: [staffUserSchema, supportUserDetailSchema] },
    filter: usersFilterSchema,
    // Support's sort fields hold the staff list's; each side reads the query by its own rules below.
    sortFields: SUPPORT_USER_SORT_FIELDS,
    errors: { 400: errorSchema },
    summaries: {
      list:
        'The users of the selected account group (filter={"q":"…","status":"invited"}; sort id, name, username, status); ' +
        'for support staff (application 1) every user (SupportUser; filter q, status, applicationNum; sort also applicationNum, lastSignInAt)',
      one: "One user of the selected account group; for support staff (application 1) any user's support page (SupportUserDetail)",
    },
    async list(_query, request) {
      if (isSupport(request)) return support.list(request);
      const ctx = await context(request, 'list');
      const query = parseListQuery<StaffUserFilter, StaffSortField>(request.query as RawListQuery, {
        sortFields: STAFF_USER_SORT_FIELDS,
        validateFilter,
      });
      const { rows, total } = await repo.list(ctx.group, {
        q: query.filter.q?.trim() || undefined,
        status: query.filter.status,
        ids: query.filter.id,
        sort: query.sort,
        offset: query.offset,
        limit: query.limit,
      });
      return { items: rows.map((row) => view(ctx, row)), total };
    },
    async one(id, request) {
      if (isSupport(request)) return support.detail(request, Number(id));
      const ctx = await context(request, 'show');
      const row = await repo.get(ctx.group, Number(id));
      return row && view(ctx, row);
    },
  });

  app.post(
    '/users',
    route({
      access: { resource: 'users', action: 'create' },
      summary: "Invite a user to the group by email (registration link through the outbox), with permissions no more than the inviter's",
      body: staffInviteSchema,
      response: { 201: staffUserSchema, ...errors },
    }),
    async (request, reply) => {
      const ctx = await context(request, 'create');
      const { roles, flags } = request.body;
      await refuseAbove(request, ctx.manager, { roles, flags });
      const email = request.body.email.trim().toLowerCase();
      const group = await repo.group(ctx.group);
      if (!group) throw new HttpError(400, 'users.errors.noGroup');
      const taken = async () => {
        await audit(request, 'users.inviteRefused', undefined, { reason: 'emailTaken' });
        return new HttpError(409, 'users.errors.emailTaken', {}, { email: 'users.errors.emailTaken' });
      };
      if (await repo.emailTaken(email)) throw await taken();
      const userId = await repo.invite({
        email,
        name: request.body.name.trim(),
        roles: [...roles],
        flags: [...flags],
        siteGroupNum: ctx.group,
        dealerNumber: group.dealer_number,
        invitedBy: ctx.user.user_id,
      });
      if (!userId) throw await taken();
      const row = (await repo.get(ctx.group, userId))!;
      const sent = await sendInvitation(request, row, group.site_group_name);
      await audit(request, 'users.invited', userId, { siteGroupNum: ctx.group, roles, flags, delivery: sent.status });
      return reply.status(201).send(view(ctx, row));
    },
  );

  app.put(
    '/users/:id',
    route({
      access: { resource: 'users', action: 'edit' },
      summary: "Change a user's name, §6 permissions (never more than the caller's) or disable/enable them",
      params: idParams,
      body: staffUpdateSchema,
      response: { 200: staffUserSchema, ...errors },
    }),
    async (request) => {
      const ctx = await manageable(request, request.params.id);
      const { row } = ctx;
      const { name, roles, flags, disabled } = request.body;
      const requested = {
        roles: roles ? [...roles] : toStaffUser(row, true).roles,
        flags: flags ? [...flags] : toStaffUser(row, true).flags,
      };
      await refuseAbove(request, ctx.manager, requested, row.user_id);
      const next = roles || flags ? nextPermissions({ roles: row.roles, flags: row.auth_flags }, requested) : {};
      await repo.update(row.user_id, { name: name?.trim(), ...next, disabled });
      // A disabled user's sessions end at once (authPlugin also refuses them at their next call).
      const sessionsEnded = disabled === true ? await repo.endSessions(row.user_id, 'user-disabled') : 0;
      if (sessionsEnded) await app.sessions.changed();
      const before = toStaffUser(row, true);
      await audit(request, 'users.updated', row.user_id, {
        ...(name !== undefined && name.trim() !== row.name && { name: { from: row.name, to: name.trim() } }),
        ...(roles && { roles: { from: before.roles, to: requested.roles } }),
        ...(flags && { flags: { from: before.flags, to: requested.flags } }),
        ...(disabled !== undefined && { disabled: { from: row.status === 'disabled', to: disabled }, sessionsEnded }),
      });
      return view(ctx, (await repo.get(ctx.group, row.user_id))!);
    },
  );

  app.post(
    '/users/:id/resetMfa',
    route({
      access: { resource: 'users', action: 'edit' },
      summary: "Reset a user's MFA: their contact methods and remembered devices go, their sessions end",
      params: idParams,
      response: { 200: staffUserSchema, ...errors },
    }),
    async (request) => {
      const ctx = await manageable(request, request.params.id);
      const result = { ...(await repo.resetMfa(ctx.row.user_id)), authenticator: await resetAuthenticator(app.db, ctx.row.user_id) };
      await app.sessions.changed();
      await audit(request, 'users.mfaReset', ctx.row.user_id, result);
      if (result.authenticator.removed) await noticeSecurityChange(app, request, ctx.row, 'authenticatorOff');
      return view(ctx, (await repo.get(ctx.group, ctx.row.user_id))!);
    },
  );

  app.post(
    '/users/:id/resendInvitation',
    route({
      access: { resource: 'users', action: 'edit' },
      summary: 'Send the invitation again (a fresh link; the earlier ones stop working) to a user who has not set a password',
      params: idParams,
      response: { 200: staffUserSchema, ...errors },
    }),
    async (request) => {
      const ctx = await manageable(request, request.params.id);
      if (ctx.row.status !== 'invited') throw new HttpError(409, 'users.errors.notInvited');
      const group = await repo.group(ctx.group);
      const sent = await sendInvitation(request, ctx.row, group?.site_group_name ?? '');
      await audit(request, 'users.invitationResent', ctx.row.user_id, { delivery: sent.status });
      return view(ctx, (await repo.get(ctx.group, ctx.row.user_id))!);
    },
  );
}
