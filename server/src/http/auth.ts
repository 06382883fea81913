import type { FastifyRequest } from 'fastify';
import type { User } from '@soleswap/contracts/users';
import { AppError } from '../errors';
import { findActiveUserById } from '../modules/users/suspension.repository';

declare module 'fastify' {
  interface Session {
    userId?: string;
    /** Set by /api/login, read by /api/callback. */
    oidc?: { state: string; codeVerifier: string; returnTo?: string };
    /** The id token, for the provider's logout. */
    idToken?: string;
  }
  interface FastifyRequest {
    cachedUser?: User | null;
  }
}

/**
 * The signed-in user, or null. Loaded once per request. A suspended member counts as signed out
 * on their very next request, whatever session they still hold.
 */
export async function optionalUser(request: FastifyRequest): Promise<User | null> {
  if (request.cachedUser !== undefined) return request.cachedUser;
  const userId = request.session?.get('userId');
  request.cachedUser = userId ? await findActiveUserById(request.server.ctx.db, userId) : null;
  return request.cachedUser;
}

/** The signed-in user, or UNAUTHENTICATED (401). */
export async function requireUser(request: FastifyRequest): Promise<User> {
  const user = await optionalUser(request);
  if (!user) throw new AppError('UNAUTHENTICATED', 'You are logged out. Please log in.');
  return user;
}

/** The signed-in admin, or 401/403. */
export async function requireAdmin(request: FastifyRequest): Promise<User> {
  const user = await requireUser(request);
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', 'Admins only');
  return user;
}

/** Starts a fresh session for the user (a new id: no session fixation). */
export async function startSession(request: FastifyRequest, userId: string) {
  await request.session.regenerate();
  request.session.set('userId', userId);
  request.cachedUser = undefined;
  await request.session.save();
}
