import * as oidc from 'openid-client';
import { insecureIssuerAllowed } from './ssoRules.js';

/**
 * The portal as an OpenID Connect relying party (openid-client): discovery of
 * each provider's issuer (cached), the authorization request with PKCE (S256),
 * state and nonce, and the code exchange, which checks state, nonce, issuer,
 * audience, signature and PKCE.
 */
export interface SsoProviderConfig {
  issuer: string;
  client_id: string;
  client_secret: string;
}

export interface SsoChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface SsoClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
}

const DISCOVERY_CACHE_MS = 10 * 60_000;
const SCOPE = 'openid email profile';

export function ssoClient(options: { localIssuer?: string; timeoutSeconds?: number } = {}) {
  const cache = new Map<string, { config: oidc.Configuration; expires: number }>();

  async function configurationFor(provider: SsoProviderConfig): Promise<oidc.Configuration> {
    const key = JSON.stringify([provider.issuer, provider.client_id, provider.client_secret]);
    const cached = cache.get(key);
    if (cached && cached.expires > Date.now()) return cached.config;
    const config = await oidc.discovery(
      new URL(provider.issuer),
      provider.client_id,
      { client_secret: provider.client_secret },
      oidc.ClientSecretBasic(provider.client_secret),
      {
        execute: insecureIssuerAllowed(provider.issuer, options.localIssuer) ? [oidc.allowInsecureRequests] : [],
        timeout: options.timeoutSeconds ?? 10,
      },
    );
    cache.set(key, { config, expires: Date.now() + DISCOVERY_CACHE_MS });
    return config;
  }

  return {
    /** The address of the provider's authorization endpoint, and the checks to keep for the callback. */
    async authorizationUrl(provider: SsoProviderConfig, redirectUri: string, state: string): Promise<{ url: URL; checks: SsoChecks }> {
      const config = await configurationFor(provider);
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url, checks: { state, nonce, codeVerifier } };
    },

    /**
     * Exchanges the code of the callback URL; the ID token's claims, with the
     * email from UserInfo when the ID token leaves it out. Throws on any failed check.
     */
    async finish(provider: SsoProviderConfig, currentUrl: URL, checks: SsoChecks): Promise<SsoClaims> {
      const config = await configurationFor(provider);
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      if (claims.email === undefined && tokens.access_token) {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        return { sub: claims.sub, email: info.email, email_verified: info.email_verified };
      }
      return { sub: claims.sub, email: claims.email, email_verified: claims.email_verified };
    },
  };
}
