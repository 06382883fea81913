import * as client from 'openid-client';
import type { User } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { signInUser } from '../users/sign-in-user';

const SCOPES = 'openid email profile';

/** What /api/login keeps in the session for /api/callback. */
export interface PendingLogin {
  state: string;
  codeVerifier: string;
  returnTo?: string;
}

/**
 * Only a same-site relative path may be a return address: one leading '/', not '//' or '/\'
 * (which browsers read as another host), no control characters. Anything else means "home".
 */
export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  if (!/^\/(?![/\\])/.test(value) || value.includes('\\') || [...value].some((c) => c < ' ' || c === '\x7f')) return undefined;
  return value;
}

/** Starts the authorization-code flow with PKCE: the provider URL to send the browser to, and what to remember. */
export async function startLogin(
  config: client.Configuration,
  redirectUri: string,
  returnTo: string | undefined,
): Promise<{ url: URL; pending: PendingLogin }> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: SCOPES,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
  });
  return { url, pending: { state, codeVerifier, ...(returnTo ? { returnTo } : {}) } };
}

/**
 * Finishes the flow: exchanges the code (checking state and PKCE), then finds or creates the
 * member for the verified identity. Profile claims come from the ID token, or from userinfo for
 * providers that keep them out of it.
 */
export async function finishLogin(
  ctx: AppContext,
  config: client.Configuration,
  callbackUrl: URL,
  pending: PendingLogin,
): Promise<{ user: User; idToken?: string }> {
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    expectedState: pending.state,
    pkceCodeVerifier: pending.codeVerifier,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error('The provider returned no ID token');
  let claims: Record<string, unknown> = idClaims;
  if (!idClaims.email && config.serverMetadata().userinfo_endpoint) {
    claims = { ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims };
  }
  const text = (key: string) => (typeof claims[key] === 'string' ? (claims[key] as string) : null);
  const user = await signInUser(ctx, {
    issuer: idClaims.iss,
    subject: idClaims.sub,
    email: text('email'),
    // Some providers send the flag as the string "true".
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    username: text('preferred_username'),
    firstName: text('given_name'),
    lastName: text('family_name'),
    picture: text('picture'),
  });
  return { user, ...(tokens.id_token ? { idToken: tokens.id_token } : {}) };
}

/** The provider's logout URL for this ID token, or null when the provider has none. */
export function endSessionUrl(config: client.Configuration, idToken: string, postLogoutRedirectUri: string): string | null {
  if (!config.serverMetadata().end_session_endpoint) return null;
  return client.buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: postLogoutRedirectUri }).toString();
}
