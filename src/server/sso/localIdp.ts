import { createECDH, createPrivateKey, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TFunction } from 'i18next';
import type { Configuration, KoaContextWithOIDC, Provider } from 'oidc-provider';
import { pickLanguage } from '../../common/i18n.js';
import { hmac } from '../auth/secrets.js';
import { ADDRESS_POLICY } from '../auth/throttle.js';
import { LOCAL_IDP_PATH } from '../config.js';
import { checkIdpLogin, findIdpAccount, idpClaims } from './localIdpAccounts.js';
import { escapeHtml, pageHeaders, renderIdpLoginPage, renderIdpMessagePage } from './localIdpPage.js';
import { ssoRepository } from './ssoRepository.js';

/**
 * The demo OpenID Connect provider ("Northwind Identity"), for demo mode and
 * tests: oidc-provider served by this process at PUBLIC_URL/idp, with one
 * confidential client (the portal itself, PKCE required), the accounts of
 * localIdpAccounts.ts, a sign-in page of its own (name and password) and
 * consent granted without asking (the portal is its only client). On start it
 * writes the demo dealer's provider row, so the SSO dialog finds it at the
 * current PUBLIC_URL. State lives in memory: a restart ends its sessions.
 */

const LOCAL_IDP_CLIENT_ID = 'portal-demo';
/** The demo dealer (Northwind Security, team domain 'northwind') and its provider row. */
const LOCAL_IDP_SITE_GROUP = 9993;
const LOCAL_IDP_PROVIDER_NAME = 'demo';
/** Data, like the seeded dealer names: what the provider picker lists. */
const LOCAL_IDP_DISPLAY_NAME = 'Northwind Identity (demo)';

export function localIdpIssuer(publicUrl: string): string {
  return `${publicUrl}${LOCAL_IDP_PATH}`;
}

/** The client secret, derived from the session secret so every process agrees without storing one. */
export function localIdpClientSecret(sessionSecret: string): string {
  return hmac(sessionSecret, 'local-idp:client-secret');
}

/** A P-256 signing key derived from the session secret: ID tokens stay verifiable across restarts. */
export function localIdpSigningKey(sessionSecret: string): Record<string, string> {
  for (let round = 0; ; round++) {
    const d = Buffer.from(hmac(sessionSecret, `local-idp:signing-key:${round}`), 'base64url');
    try {
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(d);
      const point = ecdh.getPublicKey();
      const jwk = {
        kty: 'EC',
        crv: 'P-256',
        d: d.toString('base64url'),
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      };
      createPrivateKey({ key: jwk, format: 'jwk' });
      return { ...jwk, use: 'sig', alg: 'ES256' };
    } catch {
      // Out of the curve's range (odds about 2^-32): derive the next one.
    }
  }
}

/** The demo dealer's provider row: this provider at the current PUBLIC_URL, with the derived client secret. */
function demoProviderRow(publicUrl: string, sessionSecret: string) {
  return {
    issuer: localIdpIssuer(publicUrl),
    client_id: LOCAL_IDP_CLIENT_ID,
    client_secret: localIdpClientSecret(sessionSecret),
    display_name: LOCAL_IDP_DISPLAY_NAME,
  };
}

type RawWithT = IncomingMessage & { originalUrl?: string; portalT?: TFunction };

function translatorOf(request: FastifyRequest) {
  return { t: request.t, lang: pickLanguage(request.headers['accept-language']) };
}

/**
 * Loads oidc-provider, which prints a console warning on Node.js 20 (its
 * maintainers support 22 and later; this demo provider's tests pass on 20.19+).
 * The warning goes to the structured log instead, at debug level.
 */
async function importOidcProvider(app: FastifyInstance) {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('oidc-provider WARNING: Unsupported runtime')) app.log.debug(args[0]);
    else warn(...args);
  };
  try {
    return await import('oidc-provider');
  } finally {
    console.warn = warn;
  }
}

export async function localIdpPlugin(app: FastifyInstance) {
  const { Provider: ProviderClass } = await importOidcProvider(app);
  const { createMemoryAdapter } = await import('oidc-provider/lib/adapters/memory_adapter.js');
  const publicUrl = app.config.publicUrl;
  const issuer = localIdpIssuer(publicUrl);
  const issuerPath = new URL(issuer).pathname;
  const sessionSecret = app.secrets.sessionSecret;
  const clientSecret = localIdpClientSecret(sessionSecret);
  const limiter = app.throttle;

  const configuration: Configuration = {
    adapter: createMemoryAdapter(),
    clients: [
      {
        client_id: LOCAL_IDP_CLIENT_ID,
        client_secret: clientSecret,
        client_name: 'Dealer Portal',
        redirect_uris: [`${publicUrl}/api/sso/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [localIdpSigningKey(sessionSecret)] },
    cookies: { keys: [hmac(sessionSecret, 'local-idp:cookies')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    // The portal reads the email from the ID token; it also asks UserInfo when a provider leaves it out.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    responseTypes: ['code'],
    ttl: { Interaction: 10 * 60, Session: 8 * 60 * 60, Grant: 8 * 60 * 60, AuthorizationCode: 60, AccessToken: 10 * 60, IdToken: 10 * 60 },
    interactions: { url: (_ctx, interaction) => `${issuerPath}/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = findIdpAccount(sub);
      if (!account) return undefined;
      return { accountId: account.sub, claims: () => idpClaims(account) };
    },
    // The portal is this provider's only client: consent is granted without a screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, result, provider } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new provider.Grant({ accountId: session.accountId, clientId: client.clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError(ctx, out) {
      const raw = ctx.req as RawWithT;
      const t = raw.portalT;
      const nonce = randomBytes(16).toString('base64');
      ctx.type = 'html';
      ctx.body = t
        ? renderIdpMessagePage({
            t,
            lang: pickLanguage(raw.headers['accept-language']),
            nonce,
            titleKey: 'sso.idp.errorTitle',
            messageKey: 'sso.idp.errorText',
            backUrl: '/login',
            detail: out.error,
          })
        : escapeHtml(out.error ?? 'error');
    },
  };
  const provider: Provider = new ProviderClass(issuer, configuration);
  provider.proxy = app.config.trustProxy;
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'local identity provider error'));

  // The demo dealer's provider row, written only when that dealer exists.
  if (await ssoRepository(app.db).saveProvider(LOCAL_IDP_SITE_GROUP, LOCAL_IDP_PROVIDER_NAME, demoProviderRow(publicUrl, sessionSecret))) {
    app.log.info({ issuer }, 'local identity provider: demo SSO provider of account group 9993 points here');
  }

  // Its sign-in page: GET shows the form, POST checks it (or cancels).
  await app.register(async (pages) => {
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    const send = (reply: FastifyReply, status: number, html: string, nonce: string) =>
      reply.status(status).headers(pageHeaders(nonce)).send(html);

    const expired = (request: FastifyRequest, reply: FastifyReply) => {
      const nonce = randomBytes(16).toString('base64');
      return send(
        reply,
        400,
        renderIdpMessagePage({
          ...translatorOf(request),
          nonce,
          titleKey: 'sso.idp.expiredTitle',
          messageKey: 'sso.idp.expired',
          backUrl: '/login',
        }),
        nonce,
      );
    };

    const details = async (request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) => {
      try {
        const interaction = await provider.interactionDetails(request.raw, reply.raw);
        return interaction.uid === request.params.uid ? interaction : undefined;
      } catch {
        return undefined;
      }
    };

    const loginForm = (request: FastifyRequest, reply: FastifyReply, status: number, login = '', errorKey?: string) => {
      const nonce = randomBytes(16).toString('base64');
      const html = renderIdpLoginPage({ ...translatorOf(request), nonce, action: request.url.split('?')[0], login, errorKey });
      return send(reply, status, html, nonce);
    };

    const interactionPath = `${issuerPath}/interaction/:uid`;
    const schema = { hide: true, params: { type: 'object', properties: { uid: { type: 'string', maxLength: 100 } } } };

    pages.get<{ Params: { uid: string } }>(interactionPath, { schema }, async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction) return expired(request, reply);
      if (interaction.prompt.name === 'login') return loginForm(request, reply, 200);
      if (interaction.prompt.name === 'consent' && interaction.session?.accountId) {
        const grant = interaction.grantId
          ? ((await provider.Grant.find(interaction.grantId)) ??
            new provider.Grant({ accountId: interaction.session.accountId, clientId: String(interaction.params.client_id) }))
          : new provider.Grant({ accountId: interaction.session.accountId, clientId: String(interaction.params.client_id) });
        const missing = interaction.prompt.details;
        if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
        if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
        for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
          grant.addResourceScope(indicator, scopes.join(' '));
        const returnTo = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId: await grant.save() } });
        return reply.redirect(returnTo, 303);
      }
      return expired(request, reply);
    });

    pages.post<{ Params: { uid: string }; Body: Record<string, string> }>(interactionPath, { schema }, async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction || interaction.prompt.name !== 'login') return expired(request, reply);
      const body = request.body ?? {};
      if (body.action === 'cancel') {
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          {
            error: 'access_denied',
            error_description: 'The user cancelled the sign-in',
          },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(returnTo, 303);
      }
      const login = String(body.login ?? '').slice(0, 100);
      const key = `idp:ip:${request.ip}`;
      const blocked = await limiter.isBlocked([key]);
      const account = blocked ? undefined : checkIdpLogin(login, String(body.password ?? ''));
      if (!account) {
        if (!blocked) await limiter.fail([{ key, policy: ADDRESS_POLICY }]);
        await app.audit(request, { action: 'idp.loginFailed', details: { login: login.slice(0, 64), throttled: blocked } });
        return loginForm(request, reply, blocked ? 429 : 401, login, blocked ? 'errors.tooManyAttempts' : 'sso.idp.invalid');
      }
      await limiter.succeed([key]);
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        {
          login: { accountId: account.sub, remember: false },
        },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(returnTo, 303);
    });
  });

  // Everything else under /idp is oidc-provider's own (discovery, authorize, token, jwks, userinfo...).
  await app.register(async (mount) => {
    // Leave request bodies unread: oidc-provider parses its own.
    mount.removeAllContentTypeParsers();
    mount.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const callback = provider.callback();
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as RawWithT;
      const url = raw.url ?? '/';
      const rest = url.slice(issuerPath.length);
      raw.originalUrl = url;
      raw.url = rest.startsWith('/') ? rest : `/${rest}`;
      raw.portalT = request.t;
      try {
        await callback(raw, reply.raw);
      } catch (error) {
        request.log.error({ err: error }, 'local identity provider failed');
        if (!reply.raw.headersSent) reply.raw.writeHead(500);
        reply.raw.end();
      }
    };
    mount.all(issuerPath, { schema: { hide: true } }, handler);
    mount.all(`${issuerPath}/*`, { schema: { hide: true } }, handler);
  });
}
