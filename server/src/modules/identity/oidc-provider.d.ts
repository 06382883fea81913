/**
 * oidc-provider ships no TypeScript types (and @types/oidc-provider is not installed): this is the
 * small part of its API the embedded provider uses, checked against oidc-provider 9.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AdapterPayload = Record<string, unknown> & {
    grantId?: string;
    userCode?: string;
    uid?: string;
    consumed?: number;
  };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface Grant {
    jti: string;
    accountId?: string;
    clientId?: string;
    addOIDCScope(scope: string): void;
    save(ttl?: number): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  /** The Koa context oidc-provider hands to its hooks (only what we read). */
  export interface KoaContextWithOIDC {
    oidc: {
      provider: Provider;
      client?: { clientId: string; clientName?: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      params?: Record<string, unknown>;
    };
    host: string;
    type: string;
    status: number;
    body: unknown;
    set(field: string, value: string): void;
    response: { get(field: string): string };
  }

  export interface Interaction {
    uid: string;
    exp: number;
    returnTo: string;
    params: Record<string, unknown>;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    session?: { accountId: string; uid: string };
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
  }

  export interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    post_logout_redirect_uris?: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
    id_token_signed_response_alg?: string;
    client_name?: string;
  }

  type Ttl = number | ((ctx: KoaContextWithOIDC, ...rest: unknown[]) => number);

  export interface Configuration {
    adapter?: (name: string) => Adapter;
    clients?: ClientMetadata[];
    claims?: Record<string, string[]>;
    scopes?: string[];
    responseTypes?: string[];
    conformIdTokenClaims?: boolean;
    cookies?: {
      keys?: string[];
      long?: Record<string, unknown>;
      short?: Record<string, unknown>;
    };
    jwks?: { keys: Record<string, unknown>[] };
    features?: {
      devInteractions?: { enabled: boolean };
      rpInitiatedLogout?: {
        enabled: boolean;
        logoutSource?: (ctx: KoaContextWithOIDC, form: string) => Promise<void>;
        postLogoutSuccessSource?: (ctx: KoaContextWithOIDC) => Promise<void>;
      };
      userinfo?: { enabled: boolean };
      revocation?: { enabled: boolean };
      introspection?: { enabled: boolean };
    };
    findAccount?: (ctx: KoaContextWithOIDC, sub: string) => Promise<Account | undefined>;
    interactions?: { url?: (ctx: KoaContextWithOIDC, interaction: Interaction) => Promise<string> | string };
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: unknown) => boolean };
    renderError?: (ctx: KoaContextWithOIDC, out: Record<string, string>, error: Error) => Promise<void>;
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: unknown) => boolean;
    ttl?: Record<string, Ttl>;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
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
    on(event: string, listener: (...args: never[]) => void): this;
  }

  export namespace errors {
    class OIDCProviderError extends Error {
      error: string;
      error_description?: string;
      status: number;
    }
    class SessionNotFound extends OIDCProviderError {}
  }

  export default Provider;
}
