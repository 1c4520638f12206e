/**
 * The part of oidc-provider 9 (which ships no types) that the local demo
 * identity provider uses. Shapes from the package's docs/README.md and lib/.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): AccountClaims | Promise<AccountClaims>;
  }

  export interface OidcSession {
    accountId?: string;
    grantIdFor(clientId: string): string | undefined;
  }

  /** The koa context the configuration helpers receive (only what is read here). */
  export interface KoaContextWithOIDC {
    oidc: {
      provider: Provider;
      client?: { clientId: string };
      session?: OidcSession;
      result?: { consent?: { grantId?: string } };
    };
    req: IncomingMessage;
    type: string;
    body: unknown;
  }

  export interface Grant {
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(indicator: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { accountId?: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface PromptDetail {
    name: string;
    reasons: string[];
    details: {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
      [key: string]: unknown;
    };
  }

  export interface Interaction {
    uid: string;
    prompt: PromptDetail;
    params: Record<string, unknown>;
    session?: { accountId?: string };
    grantId?: string;
    returnTo: string;
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean; acr?: string; amr?: string[] };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
  }

  export interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
    id_token_signed_response_alg?: string;
    client_name?: string;
  }

  export interface AdapterPayload {
    [key: string]: unknown;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Configuration {
    adapter?: (model: string) => Adapter;
    clients?: ClientMetadata[];
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    cookies?: { keys?: string[]; long?: Record<string, unknown>; short?: Record<string, unknown> };
    features?: Record<string, { enabled: boolean; [option: string]: unknown }>;
    findAccount?: (ctx: KoaContextWithOIDC, sub: string) => Promise<Account | undefined>;
    interactions?: { url?: (ctx: KoaContextWithOIDC, interaction: Interaction) => Promise<string> | string };
    jwks?: { keys: Record<string, unknown>[] };
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: unknown) => boolean };
    renderError?: (ctx: KoaContextWithOIDC, out: Record<string, string>, error: Error) => Promise<void> | void;
    responseTypes?: string[];
    scopes?: string[];
    ttl?: Record<string, number>;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    /** Trust X-Forwarded-Proto and X-Forwarded-For (koa's app.proxy). */
    proxy: boolean;
    readonly Grant: GrantConstructor;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}

declare module 'oidc-provider/lib/adapters/memory_adapter.js' {
  import type { Adapter } from 'oidc-provider';

  /** A memory store of its own (not the module-wide one), without the quick-start warning. */
  export function createMemoryAdapter(clockTolerance?: number): (model: string) => Adapter;
}
