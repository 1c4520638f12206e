import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  loginResponseSchema,
  ssoCallbackQuerySchema,
  ssoExchangeSchema,
  ssoLoginQuerySchema,
  teamDomainSchema,
} from '../../../schemas/auth.js';
import { ssoTenantSchema } from '../../../schemas/dealer.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { APPLICATION } from '../../common/constants.js';
import { cookieSecurity } from '../auth/cookies.js';
import { startSession } from '../auth/signIn.js';
import { ADDRESS_POLICY } from '../auth/throttle.js';
import { HttpError } from '../http/errors.js';
import { logValue } from '../http/logging.js';
import { localIdpIssuer } from './localIdp.js';
import { ssoClient, type SsoChecks } from './ssoClient.js';
import { ssoRepository } from './ssoRepository.js';
import { normaliseTeamDomain, SSO_ERROR_LOCATION, SSO_TIMINGS, ssoIdentity, ssoSuccessLocation } from './ssoRules.js';
import { routeOptions } from '../http/routeOptions.js';

/** Binds an SSO attempt to the browser that started it; sent only to the callback. */
const SSO_BROWSER_COOKIE = 'portal_sso';
const SSO_CALLBACK_PATH = '/api/sso/callback';

/** What the server keeps between the redirect to the provider and its answer (one_time_tokens 'ssoState'). */
interface SsoStatePayload extends SsoChecks {
  providerId: number;
  siteGroupNum: number;
  returnUrl: string | null;
  /** SHA-256 of the browser cookie's value. */
  browser: string;
}

/**
 * Single sign-on for dealers (SPEC §2 'SSO dialogs', §7 'Exchange SSO code'
 * and 'Tenant lookup', §8): the tenant lookup by team domain, the redirect to
 * the dealer's OpenID Connect provider, its callback, and the exchange of the
 * one-time code the login page receives for a session. The browser
 * navigations (login, callback) answer with redirects, never with errors: a
 * failure of any kind sends the browser to /login?error=ssoError, and the
 * reason goes to the log and the audit log only.
 */
export async function ssoRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const limiter = app.throttle;
  const sso = ssoRepository(app.db);
  const { randomToken, safeEqual, sha256 } = app.secrets;
  const route = routeOptions(['sign-in']);
  const publicUrl = app.config.publicUrl;
  const redirectUri = `${publicUrl}${SSO_CALLBACK_PATH}`;
  const client = ssoClient({ localIssuer: app.config.localIdp ? localIdpIssuer(publicUrl) : undefined });
  const browserCookie = { path: SSO_CALLBACK_PATH, httpOnly: true, ...cookieSecurity(publicUrl) };

  const SUBMITTED_DETAILS = new Set(['provider', 'email']);

  async function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    reason: string,
    details: Record<string, unknown> = {},
    userId?: number,
  ) {
    // What the browser or the identity provider sent (a provider name, an email) is not logged in full.
    const logged = Object.fromEntries(
      Object.entries(details).map(([key, value]) => [key, SUBMITTED_DETAILS.has(key) ? logValue(value) : value]),
    );
    request.log.warn({ reason, ...logged }, 'single sign-on refused');
    await app.audit(request, { action: 'sso.failed', details: { reason, ...details }, actorUserId: userId ?? null });
    return reply.redirect(SSO_ERROR_LOCATION, 302);
  }

  app.post(
    '/account/sso/tenant',
    route(
      {
        access: 'public',
        summary: 'SSO tenant lookup by team domain: the dealer and its identity providers',
        body: teamDomainSchema,
        response: { 200: ssoTenantSchema, 400: validationErrorSchema, 404: errorSchema, 429: errorSchema },
      },
      {
        config: { anonymous: true },
      },
    ),
    async (request) => {
      const key = `sso-tenant:ip:${request.ip}`;
      if (await limiter.isBlocked([key])) throw new HttpError(429, 'errors.tooManyAttempts');
      const domain = normaliseTeamDomain(request.body.teamDomain);
      const group = domain ? await sso.tenant(domain) : undefined;
      if (!group) {
        await limiter.fail([{ key, policy: ADDRESS_POLICY }]);
        throw new HttpError(404, 'sso.errors.invalidDomain');
      }
      const providers = await sso.providersOf(group.site_group_num);
      return {
        siteGroupNum: group.site_group_num,
        dealerName: group.site_group_name,
        providers: providers.map((p) => ({ name: p.name, displayName: p.display_name ?? p.name })),
      };
    },
  );

  app.get(
    '/sso/login',
    route(
      {
        access: 'public',
        summary: 'Starts single sign-on: redirects to the provider (errors: to /login?error=ssoError)',
        querystring: ssoLoginQuerySchema,
        response: { 302: { type: 'null', description: 'To the identity provider, or to /login?error=ssoError' } },
      },
      {
        config: { anonymous: true },
        attachValidation: true,
      },
    ),
    async (request, reply) => {
      if (request.validationError) return refuse(request, reply, 'badRequest');
      const { siteGroup, provider: name, returnUrl } = request.query;
      const provider = await sso.provider(siteGroup, name);
      if (!provider) return refuse(request, reply, 'unknownProvider', { siteGroupNum: siteGroup, provider: name.slice(0, 100) });

      await sso.pruneTokens('ssoState');
      await sso.pruneTokens('ssoCode');
      const browser = randomToken(32);
      let start;
      try {
        // The state is the one-time token itself: the callback finds it by its hash.
        start = await client.authorizationUrl(provider, redirectUri, randomToken(32));
      } catch (error) {
        return refuse(request, reply, 'discoveryFailed', { providerId: provider.provider_id, error: String(error).slice(0, 300) });
      }
      const payload: SsoStatePayload = {
        ...start.checks,
        providerId: provider.provider_id,
        siteGroupNum: provider.site_group_num,
        returnUrl: returnUrl ?? null,
        browser: sha256(browser),
      };
      await sso.issueToken({ kind: 'ssoState', token: start.checks.state, payload, ttlMs: SSO_TIMINGS.stateMs });
      reply.setCookie(SSO_BROWSER_COOKIE, browser, { ...browserCookie, maxAge: SSO_TIMINGS.stateMs / 1000 });
      await app.audit(request, {
        action: 'sso.started',
        targetType: 'ssoProvider',
        targetId: provider.provider_id,
        details: { siteGroupNum: provider.site_group_num, provider: provider.name },
      });
      return reply.redirect(start.url.href, 302);
    },
  );

  app.get(
    '/sso/callback',
    route(
      {
        access: 'public',
        summary: "The identity provider's answer: redirects to /login?ssoCode=… (errors: /login?error=ssoError)",
        querystring: ssoCallbackQuerySchema,
        response: { 302: { type: 'null', description: 'To /login with ssoCode, or with error=ssoError' } },
      },
      {
        config: { anonymous: true },
        attachValidation: true,
      },
    ),
    async (request, reply) => {
      const browser = request.cookies[SSO_BROWSER_COOKIE];
      reply.clearCookie(SSO_BROWSER_COOKIE, { path: SSO_CALLBACK_PATH });
      if (request.validationError) return refuse(request, reply, 'badRequest');
      const { state } = request.query;
      if (!state) return refuse(request, reply, 'noState');
      // Spent before anything else: a replayed or forged answer finds nothing.
      const spent = await sso.spendToken('ssoState', state);
      if (!spent) return refuse(request, reply, 'unknownState');
      const saved = spent.payload as unknown as SsoStatePayload;
      if (!browser || !safeEqual(sha256(browser), saved.browser))
        return refuse(request, reply, 'otherBrowser', { providerId: saved.providerId });

      const provider = await sso.providerById(saved.providerId);
      if (!provider) return refuse(request, reply, 'providerRemoved', { providerId: saved.providerId });
      const context = { providerId: provider.provider_id, siteGroupNum: provider.site_group_num };

      let claims;
      try {
        const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        claims = await client.finish(provider, new URL(`${redirectUri}${search}`), saved);
      } catch (error) {
        return refuse(request, reply, 'providerAnswer', { ...context, error: String(error).slice(0, 300) });
      }
      const identity = ssoIdentity(claims);
      if (!identity.ok) return refuse(request, reply, identity.reason, { ...context, sub: String(claims.sub).slice(0, 200) });

      const users = await sso.dealersByEmail(provider.site_group_num, identity.email);
      if (users.length !== 1) {
        return refuse(request, reply, users.length ? 'ambiguousUser' : 'noPortalUser', { ...context, email: identity.email.slice(0, 128) });
      }
      const user = users[0];
      if (user.disabled_at) return refuse(request, reply, 'userDisabled', context, user.user_id);

      const ssoCode = await sso.issueToken({ kind: 'ssoCode', userId: user.user_id, payload: context, ttlMs: SSO_TIMINGS.codeMs });
      await app.audit(request, {
        action: 'sso.authenticated',
        targetType: 'ssoProvider',
        targetId: provider.provider_id,
        details: context,
        actorUserId: user.user_id,
      });
      return reply.redirect(ssoSuccessLocation(ssoCode, saved.returnUrl), 302);
    },
  );

  app.post(
    '/account/sso/exchange',
    route(
      {
        access: 'public',
        summary: 'Exchanges the one-time SSO code of the login page for a session',
        body: ssoExchangeSchema,
        response: { 200: loginResponseSchema, 400: validationErrorSchema, 401: errorSchema, 429: errorSchema },
      },
      {
        config: { anonymous: true },
      },
    ),
    async (request, reply) => {
      const key = `sso-exchange:ip:${request.ip}`;
      if (await limiter.isBlocked([key])) {
        await app.audit(request, { action: 'sso.exchangeFailed', details: { reason: 'throttled' } });
        throw new HttpError(429, 'errors.tooManyAttempts');
      }
      const spent = await sso.spendToken('ssoCode', request.body.ssoCode);
      const user = spent?.user_id ? await sso.userById(spent.user_id) : undefined;
      if (!user || user.disabled_at || user.application_num !== APPLICATION.dealer) {
        await limiter.fail([{ key, policy: ADDRESS_POLICY }]);
        await app.audit(request, {
          action: 'sso.exchangeFailed',
          details: { reason: spent ? 'userUnavailable' : 'unknownCode' },
          actorUserId: user?.user_id ?? null,
        });
        throw new HttpError(401, 'sso.errors.loginFailed');
      }
      return startSession(app, request, reply, user, 'sso');
    },
  );
}
