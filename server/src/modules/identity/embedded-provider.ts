import type { Configuration, KoaContextWithOIDC, Provider } from 'oidc-provider';
import type { AppContext } from '../../context';
import { embeddedClientSecret, providerCookieKeys, providerSigningJwk } from './derived-secrets';
import { findAccountClaims } from './local-accounts';
import { oidcAdapterFactory } from './oidc-adapter';
import { logoutSource, postLogoutSuccessSource, renderError } from './provider-pages';

/** Where the embedded provider is mounted in our Fastify app. */
export const IDP_PREFIX = '/idp';
/** Our own web app: the only client of the embedded provider. */
export const EMBEDDED_CLIENT_ID = 'soleswap-web';
const SCOPES = 'openid email profile';

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/** The embedded issuer identifier for this deployment. */
export function embeddedIssuer(ctx: AppContext): string {
  return `${ctx.env.APP_ORIGIN}${IDP_PREFIX}`;
}

/**
 * The embedded OpenID provider (see docs/rules/sign-in.md#the-embedded-provider): local accounts, storage in our database, our
 * web app as its single first-party client. The sign-in page is the web app's own route
 * /idp/interaction/:uid, which posts to the routes in idp.routes.ts. oidc-provider is imported
 * here, when the provider is first needed, rather than with the rest of the server at start.
 */
export async function buildEmbeddedProvider(ctx: AppContext): Promise<Provider> {
  const { default: Provider } = await import('oidc-provider');
  const { env } = ctx;
  const configuration: Configuration = {
    adapter: oidcAdapterFactory(ctx.db),
    clients: [
      {
        client_id: EMBEDDED_CLIENT_ID,
        client_secret: embeddedClientSecret(env.SESSION_SECRET),
        client_name: 'SoleSwap',
        redirect_uris: [`${env.APP_ORIGIN}/api/callback`],
        post_logout_redirect_uris: [`${env.APP_ORIGIN}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [providerSigningJwk(env.SESSION_SECRET)] },
    // With keys set, the provider's cookies are signed (Koa's default); httpOnly and SameSite=Lax are its defaults.
    cookies: { keys: providerCookieKeys(env.SESSION_SECRET) },
    scopes: SCOPES.split(' '),
    // The authorization-code flow only: no implicit or hybrid tokens in URLs.
    responseTypes: ['code'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['preferred_username', 'given_name', 'family_name', 'name'],
    },
    // Put the profile claims in the ID token too: the relying party reads them from there.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
      userinfo: { enabled: true },
      revocation: { enabled: true },
    },
    pkce: { required: () => true },
    findAccount: async (_oidc, sub) => {
      const claims = await findAccountClaims(ctx, sub);
      return claims ? { accountId: sub, claims: () => claims } : undefined;
    },
    interactions: { url: (_oidc, interaction) => `${IDP_PREFIX}/interaction/${interaction.uid}` },
    loadExistingGrant: grantForFirstParty,
    renderError,
    // Nothing calls the provider from a browser script: no CORS for anyone.
    clientBasedCORS: () => false,
    ttl: {
      AuthorizationCode: 60,
      AccessToken: HOUR,
      IdToken: HOUR,
      Interaction: HOUR,
      // The provider session backs silent re-login; our own session (7 days) is the one that matters.
      Session: 14 * DAY,
      Grant: 14 * DAY,
    },
  };
  const provider = new Provider(embeddedIssuer(ctx), configuration);
  provider.proxy = env.TRUST_PROXY;
  return provider;
}

/**
 * Consent is implicit for our own app: reuse the session's grant or create one, always covering
 * openid/email/profile, so no consent prompt is ever shown.
 */
async function grantForFirstParty(oidc: KoaContextWithOIDC) {
  const { client, session, result, provider } = oidc.oidc;
  if (!client || !session?.accountId) return undefined;
  const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  const existing = grantId ? await provider.Grant.find(grantId) : undefined;
  if (client.clientId !== EMBEDDED_CLIENT_ID) return existing;
  const grant = existing ?? new provider.Grant({ accountId: session.accountId, clientId: client.clientId });
  grant.addOIDCScope(SCOPES);
  await grant.save();
  return grant;
}
