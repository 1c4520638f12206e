import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { sql } from 'kysely';
import { iso } from '../db/listing.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import {
  profileSchema,
  profileUpdateSchema,
  revokedCountSchema,
  trustedDeviceSchema,
  userSessionSchema,
  type Profile,
} from '../../../schemas/users.js';
import { HttpError } from '../http/errors.js';
import { sha256 } from './secrets.js';
import { refuseWhileImpersonating } from './stepUp.js';
import { sessionOf } from './authPlugin.js';
import { clearTrustedDeviceCookie, TRUSTED_DEVICE_COOKIE, TRUSTED_DEVICE_LIFETIME_MS } from './trustedDevices.js';
import { ownAccountAudit } from '../audit/audit.js';
import { routeOptions } from '../http/routeOptions.js';

const route = routeOptions(['user account']);
const errors = { 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } } as const;

/**
 * The signed-in user's own account (/user-account; access table `userAccount`): name,
 * language and theme; the remembered devices ('Remember this device?') with revoke one; the open
 * sessions with end one and sign out everywhere else. Password and contact methods keep their
 * routes (stepRoutes.ts: PUT account/password with the current password; user/contactMethod/* then
 * mfa/request and mfa/verify with a deviceVerification code). Every change is audited.
 */
export async function userAccountRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const db = app.db;

  const audit = ownAccountAudit(app.audit);

  async function profileOf(userId: number): Promise<Profile> {
    const row = await db
      .selectFrom('users')
      .select(['username', 'name', 'email', 'phone_number', 'application_num', 'language', 'theme'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return {
      username: row.username,
      name: row.name,
      email: row.email,
      phoneNumber: row.phone_number,
      applicationNum: row.application_num,
      language: row.language,
      theme: row.theme,
    };
  }

  app.get(
    '/user/profile',
    route({
      access: { resource: 'userAccount', action: 'show' },
      summary: "The user's own name, contact, language and theme",
      response: { 200: profileSchema, ...errors },
    }),
    async (request) => profileOf(request.auth!.user.user_id),
  );

  app.put(
    '/user/profile',
    route({
      access: { resource: 'userAccount', action: 'edit' },
      summary: 'Change the name, language (en, es, fr) or theme (light, dark); audited',
      body: profileUpdateSchema,
      response: { 200: profileSchema, ...errors },
    }),
    async (request) => {
      const { user } = request.auth!;
      const { name, language, theme } = request.body;
      const changes = {
        ...(name !== undefined && { name: name.trim() }),
        ...(language !== undefined && { language }),
        ...(theme !== undefined && { theme }),
      };
      await db
        .updateTable('users')
        .set({ ...changes, updated_at: new Date() })
        .where('user_id', '=', user.user_id)
        .execute();
      const before = { name: user.name, language: user.language, theme: user.theme };
      const changed = Object.fromEntries(
        Object.entries(changes)
          .filter(([key, value]) => before[key as keyof typeof before] !== value)
          .map(([key, value]) => [key, { from: before[key as keyof typeof before], to: value }]),
      );
      await audit(request, 'profile.updated', { changed });
      return profileOf(user.user_id);
    },
  );

  app.get(
    '/user/trustedDevices',
    route({
      access: { resource: 'userAccount', action: 'show' },
      summary: "The user's remembered devices ('Remember this device?'), newest first",
      response: { 200: { type: 'array', items: trustedDeviceSchema }, ...errors },
    }),
    async (request) => {
      const token = request.cookies[TRUSTED_DEVICE_COOKIE];
      const mine = token ? sha256(token) : undefined;
      const rows = await db
        .selectFrom('trusted_devices')
        .select(['device_id', 'label', 'created_at', 'last_used_at', 'token_hash'])
        .where('user_id', '=', request.auth!.user.user_id)
        .where('revoked_at', 'is', null)
        .where('created_at', '>', new Date(Date.now() - TRUSTED_DEVICE_LIFETIME_MS))
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map((r) => ({
        id: r.device_id,
        label: r.label,
        createdAt: iso(r.created_at),
        lastUsedAt: r.last_used_at ? iso(r.last_used_at) : null,
        current: r.token_hash === mine,
      }));
    },
  );

  app.delete(
    '/user/trustedDevices/:id',
    route({
      access: { resource: 'userAccount', action: 'edit' },
      summary: 'Forget one remembered device: its next sign-in asks for a code again',
      params: idParams,
      response: { 200: revokedCountSchema, ...errors },
    }),
    async (request, reply) => {
      refuseWhileImpersonating(request);
      const row = await db
        .updateTable('trusted_devices')
        .set({ revoked_at: new Date() })
        .where('device_id', '=', request.params.id)
        .where('user_id', '=', request.auth!.user.user_id)
        .where('revoked_at', 'is', null)
        .returning('token_hash')
        .executeTakeFirst();
      if (!row) throw new HttpError(404, 'errors.notFound');
      const token = request.cookies[TRUSTED_DEVICE_COOKIE];
      if (token && sha256(token) === row.token_hash) clearTrustedDeviceCookie(reply);
      await audit(request, 'trustedDevice.revoked', { deviceId: request.params.id });
      return { revoked: 1 };
    },
  );

  /** The user's open sessions of their own (not support's impersonation sessions). */
  const openSessions = (userId: number) =>
    db
      .selectFrom('sessions')
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null)
      .where('expires_at', '>', new Date())
      .where('impersonator_user_id', 'is', null);

  app.get(
    '/user/sessions',
    route({
      access: { resource: 'userAccount', action: 'show' },
      summary: "The user's open sessions (sign-ins), the latest active first",
      response: { 200: { type: 'array', items: userSessionSchema }, ...errors },
    }),
    async (request) => {
      const { user } = request.auth!;
      const session = sessionOf(request);
      const rows = await openSessions(user.user_id)
        .select(['session_id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
        .orderBy(sql`session_id = ${session.session_id}`, 'desc')
        .orderBy('last_seen_at', 'desc')
        .limit(100)
        .execute();
      return rows.map((r) => ({
        id: r.session_id,
        userAgent: r.user_agent,
        ip: r.ip,
        createdAt: iso(r.created_at),
        lastSeenAt: iso(r.last_seen_at),
        current: r.session_id === session.session_id,
      }));
    },
  );

  app.delete(
    '/user/sessions/:id',
    route({
      access: { resource: 'userAccount', action: 'edit' },
      summary: 'End one other session of the user (its next call answers 401); this one ends with logout',
      params: idParams,
      response: { 200: revokedCountSchema, ...errors },
    }),
    async (request) => {
      refuseWhileImpersonating(request);
      const { user } = request.auth!;
      const session = sessionOf(request);
      if (request.params.id === session.session_id) throw new HttpError(400, 'userAccount.errors.currentSession');
      const target = await openSessions(user.user_id).select('session_id').where('session_id', '=', request.params.id).executeTakeFirst();
      if (!target) throw new HttpError(404, 'errors.notFound');
      await app.sessions.end(target.session_id, 'revoked-by-user');
      await audit(request, 'session.revoked', { sessionId: target.session_id });
      return { revoked: 1 };
    },
  );

  app.post(
    '/user/sessions/signOutOthers',
    route({
      access: { resource: 'userAccount', action: 'edit' },
      summary: 'Sign out everywhere else: every other session of the user ends',
      response: { 200: revokedCountSchema, ...errors },
    }),
    async (request) => {
      refuseWhileImpersonating(request);
      const { user } = request.auth!;
      const session = sessionOf(request);
      const ended = await db
        .updateTable('sessions')
        .set({ ended_at: new Date(), end_reason: 'signed-out-elsewhere' })
        .where('user_id', '=', user.user_id)
        .where('ended_at', 'is', null)
        .where('impersonator_user_id', 'is', null)
        .where('session_id', '<>', session.session_id)
        .returning('session_id')
        .execute();
      await app.sessions.changed();
      await audit(request, 'session.signedOutOthers', { count: ended.length });
      return { revoked: ended.length };
    },
  );
}
