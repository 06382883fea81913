import type { FastifyInstance, HTTPMethods } from 'fastify';
import * as client from 'openid-client';
import { embeddedClientSecret } from './derived-secrets';
import { EMBEDDED_CLIENT_ID, IDP_PREFIX, embeddedIssuer } from './embedded-provider';

/** Hands out the relying-party Configuration, discovered on first use and cached. */
export type OidcConfigurationSource = () => Promise<client.Configuration>;

/**
 * The relying party (see docs/rules/sign-in.md#the-flow): the external issuer when OIDC_ISSUER_URL is set, else the
 * embedded provider of this same process. Discovery is lazy so the server starts even when an
 * external issuer is down; a failed discovery is retried at the next login.
 */
export function createOidcConfigurationSource(app: FastifyInstance): OidcConfigurationSource {
  let cached: Promise<client.Configuration> | undefined;
  return () => {
    cached ??= discover(app).catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    return cached;
  };
}

function discover(app: FastifyInstance): Promise<client.Configuration> {
  const { env } = app.ctx;
  if (env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET) {
    const issuer = new URL(env.OIDC_ISSUER_URL);
    return client.discovery(issuer, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET, undefined, {
      // Plain http only when the operator configured an http issuer (a local Keycloak, say).
      ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
    });
  }
  return client.discovery(
    new URL(embeddedIssuer(app.ctx)),
    EMBEDDED_CLIENT_ID,
    { id_token_signed_response_alg: 'ES256' },
    client.ClientSecretBasic(embeddedClientSecret(env.SESSION_SECRET)),
    {
      [client.customFetch]: injectFetch(app, new URL(env.APP_ORIGIN)),
      // The requests never leave the process (see injectFetch), so TLS has nothing to protect.
      execute: [client.allowInsecureRequests],
    },
  );
}

/**
 * Serves requests to our own /idp through app.inject: no network hop to ourselves, and it works
 * in tests where the server never listens. The Host header is our public one so the provider
 * builds its endpoint URLs from APP_ORIGIN.
 */
function injectFetch(app: FastifyInstance, origin: URL): client.CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    if (target.host !== origin.host || !target.pathname.startsWith(`${IDP_PREFIX}/`)) {
      return fetch(url, options as RequestInit);
    }
    const res = await app.inject({
      method: options.method as HTTPMethods,
      url: target.pathname + target.search,
      headers: {
        ...options.headers,
        host: origin.host,
        ...(origin.protocol === 'https:' ? { 'x-forwarded-proto': 'https' } : {}),
      },
      ...(options.body == null ? {} : { payload: await bodyOf(options.body) }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    const hasBody = ![101, 204, 205, 304].includes(res.statusCode);
    return new Response(hasBody ? res.rawPayload : null, { status: res.statusCode, headers });
  };
}

async function bodyOf(body: NonNullable<client.FetchBody>): Promise<string | Buffer> {
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  return Buffer.from(await new Response(body).arrayBuffer());
}
