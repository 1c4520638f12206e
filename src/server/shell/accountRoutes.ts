import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { tokenSchema } from '../../../schemas/auth.js';
import { accountGroupOptionSchema, accountGroupSwitchSchema, appVersionSchema, msaActiveAccountSchema } from '../../../schemas/shell.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { accountLinkCreateSchema, accountLinkFavoriteSchema, accountLinkSchema, siteNumSchema, userSchema } from '../../../schemas/user.js';
import { WEB_DIST } from '../config.js';
import { sessionOf, setSessionCookies } from '../auth/authPlugin.js';
import { identityOf } from '../auth/identity.js';
import { TOO_MANY_ATTEMPTS_KEY } from '../auth/mfaCodes.js';
import { sha256 } from '../auth/secrets.js';
import { ACCOUNT_POLICY } from '../auth/throttle.js';
import { HttpError } from '../http/errors.js';
import { accountGroupsRepository } from './accountGroupsRepository.js';
import { accountLinksRepository } from './accountLinksRepository.js';
import { impersonationRepository } from './impersonationRepository.js';

const errors = { 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** Changes with every build of the web app (its index.html names the hashed bundles), else with every start. */
function currentBuildId(webDist = WEB_DIST): string {
  const index = path.join(webDist, 'index.html');
  if (existsSync(index)) return sha256(readFileSync(index, 'utf8')).slice(0, 16);
  return `start-${Date.now().toString(36)}`;
}

/**
 * The rest of the shell (SPEC §2, §4): the account-group switch, the MSA
 * account links (default link, active account), ending an impersonation, and
 * the version the update check compares.
 */
export async function accountRoutes(parent: FastifyInstance, options: { version: string }) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const tags = ['shell'];
  const buildId = currentBuildId();
  const groups = accountGroupsRepository(app.db);
  const links = accountLinksRepository(app.db);
  const impersonations = impersonationRepository(app.db);

  app.get(
    '/version',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'App version and build id, for update detection', response: { 200: appVersionSchema } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { version: options.version, buildId };
    },
  );

  app.get(
    '/user/accountGroups',
    {
      config: { access: { resource: 'accountGroup', action: 'list' } },
      schema: {
        tags,
        summary: 'Account groups the user may switch to',
        response: { 200: { type: 'array', items: accountGroupOptionSchema }, ...errors },
      },
    },
    async (request) => {
      const user = request.auth!.user;
      const mine = await groups.list(user.user_id);
      return mine.map((g) => ({
        siteGroupNum: g.site_group_num,
        siteGroupName: g.site_group_name,
        current: g.site_group_num === user.current_site_group_num,
        liveAlarms: app.realtime.liveAlarmGroups.includes(g.site_group_num),
      }));
    },
  );

  app.put(
    '/user/accountGroup',
    {
      config: { access: { resource: 'accountGroup', action: 'switch' } },
      schema: {
        tags,
        summary: 'Switch the current account group',
        body: accountGroupSwitchSchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => {
      const user = request.auth!.user;
      const { siteGroupNum } = request.body;
      const updated = await groups.select(user.user_id, siteGroupNum);
      if (!updated) {
        await app.audit(request, { action: 'accountGroup.switchRefused', targetType: 'account_group', targetId: siteGroupNum });
        throw new HttpError(403, 'live.groupNotAllowed');
      }
      await app.realtime.setAccountGroup(user.user_id, siteGroupNum);
      await app.audit(request, {
        action: 'accountGroup.switched',
        targetType: 'account_group',
        targetId: siteGroupNum,
        details: { from: user.current_site_group_num },
      });
      return identityOf(app.db, updated);
    },
  );

  app.get(
    '/msa/accountLinks',
    {
      config: { access: { resource: 'accountLinks', action: 'list' } },
      schema: {
        tags,
        summary: "The customer's linked alarm accounts",
        response: { 200: { type: 'array', items: accountLinkSchema }, ...errors },
      },
    },
    async (request) => links.list(request.auth!.user.user_id),
  );

  app.put(
    '/msa/accountLinks/favorite',
    {
      config: { access: { resource: 'accountLinks', action: 'favorite' } },
      schema: {
        tags,
        summary: 'Make a link the default (favourite) one, or clear it; one default at a time',
        body: accountLinkFavoriteSchema,
        response: { 200: { type: 'array', items: accountLinkSchema }, ...errors },
      },
    },
    async (request) => {
      const user = request.auth!.user;
      const { siteNum, isFavorite } = request.body;
      if (!(await links.setDefault(user.user_id, siteNum, isFavorite))) throw new HttpError(404, 'live.accountLinkNotFound');
      await app.audit(request, {
        action: isFavorite ? 'accountLink.defaultSet' : 'accountLink.defaultCleared',
        targetType: 'site',
        targetId: siteNum,
      });
      return links.list(user.user_id);
    },
  );

  app.post(
    '/msa/accountLinks',
    {
      config: { access: { resource: 'accountLinks', action: 'create' } },
      schema: {
        tags,
        summary: 'Link another alarm account: its account number and passcode, as at registration (throttled, audited)',
        body: accountLinkCreateSchema,
        response: { 201: { type: 'array', items: accountLinkSchema }, 429: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = request.auth!.user;
      const accountNumber = request.body.accountNumber.trim();
      const keys = [`link:site:${accountNumber.toLowerCase()}`, `link:user:${user.user_id}`];
      // Counted before the passcode is checked (throttle.ts reserve): a burst cannot all pass a read of the count.
      const reservation = await app.throttle.reserve(keys.map((key) => ({ key, policy: ACCOUNT_POLICY })));
      if (reservation.refused) {
        await app.audit(request, { action: 'accountLink.throttled', targetType: 'site', targetId: accountNumber });
        throw new HttpError(429, TOO_MANY_ATTEMPTS_KEY);
      }
      const site = /^\d{1,9}$/.test(accountNumber) ? await links.site(Number(accountNumber)) : undefined;
      // An unknown account costs the same argon2 work as a wrong passcode, and answers alike.
      if (!site || !(await app.secrets.verify(site.account_passcode_hash, request.body.accountPasscode.trim()))) {
        await app.audit(request, { action: 'accountLink.refused', targetType: 'site', targetId: accountNumber });
        throw new HttpError(400, 'validation.invalidForm', {}, { accountPasscode: 'msa.links.accountMismatch' });
      }
      await app.throttle.succeed(keys);
      if (!(await links.add(user.user_id, site.site_num))) throw new HttpError(409, 'msa.links.alreadyLinked');
      await app.audit(request, { action: 'accountLink.added', targetType: 'site', targetId: site.site_num });
      reply.status(201);
      return links.list(user.user_id);
    },
  );

  app.delete(
    '/msa/accountLinks/:siteNum',
    {
      config: { access: { resource: 'accountLinks', action: 'delete' } },
      schema: {
        tags,
        summary: "§7 'Delete account link by siteNum' (not the customer's last one); answers the links left",
        params: siteNumSchema,
        response: { 200: { type: 'array', items: accountLinkSchema }, ...errors },
      },
    },
    async (request) => {
      const user = request.auth!.user;
      const { siteNum } = request.params;
      const outcome = await links.remove(user.user_id, siteNum);
      if (outcome === 'missing') throw new HttpError(404, 'live.accountLinkNotFound');
      if (outcome === 'last') throw new HttpError(409, 'msa.links.lastLink');
      await app.audit(request, { action: 'accountLink.deleted', targetType: 'site', targetId: siteNum });
      return links.list(user.user_id);
    },
  );

  app.put(
    '/msa/accountLinks/active',
    {
      config: { access: { resource: 'accountLinks', action: 'switch' } },
      schema: {
        tags,
        summary: 'Switch the active account (its dealer becomes the current account group)',
        body: siteNumSchema,
        response: { 200: msaActiveAccountSchema, ...errors },
      },
    },
    async (request) => {
      const user = request.auth!.user;
      const { siteNum } = request.body;
      const active = await links.activate(user.user_id, siteNum);
      if (!active) throw new HttpError(404, 'live.accountLinkNotFound');
      // Not app.realtime.setAccountGroup: the dealer's group is not the customer's to hear (live alarms, group reports).
      await app.audit(request, { action: 'accountLink.activated', targetType: 'site', targetId: siteNum });
      return { siteNum, devNum: active.devNum, siteGroupNum: active.siteGroupNum };
    },
  );

  app.post(
    '/impersonation/end',
    {
      config: { access: { resource: 'impersonation', action: 'delete' } },
      schema: { tags, summary: "End an impersonation: back to the impersonator's own session", response: { 200: tokenSchema, ...errors } },
    },
    async (request, reply) => {
      const { user } = request.auth!;
      const session = sessionOf(request);
      const impersonatorId = session.impersonator_user_id;
      if (impersonatorId === null) throw new HttpError(409, 'live.notImpersonating');
      const impersonator = await impersonations.impersonator(impersonatorId);
      await app.sessions.end(session.session_id, 'impersonation-ended');
      await impersonations.ended(session.session_id);
      await app.realtime.endSession(session.session_id);
      await app.audit(request, {
        action: 'impersonation.ended',
        targetType: 'user',
        targetId: user.user_id,
        details: { impersonator: impersonatorId },
      });
      if (!impersonator || impersonator.disabled_at) {
        reply.header('Invalid-Session', 'true');
        throw new HttpError(401, 'errors.sessionEnded');
      }
      const tokens = await app.sessions.create({
        userId: impersonator.user_id,
        pending: {},
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      setSessionCookies(reply, app.config.publicUrl, tokens);
      await app.audit.system({
        action: 'session.resumed',
        actorUserId: impersonator.user_id,
        ip: request.ip,
        targetType: 'session',
        targetId: tokens.sessionId,
        details: { after: 'impersonation' },
      });
      return { token: tokens.bearer.token, expires: tokens.bearer.expires.toISOString() };
    },
  );
}
