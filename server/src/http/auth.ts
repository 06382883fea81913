import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { User } from '@soleswap/contracts/users';
import type { Db } from '../db/client';
import { AppError } from '../errors';

/**
 * How a session's user id becomes a user when the session store did not read the member with the
 * session (a session started during this request); the users module provides it (see registerSessionUsers).
 */
export type FindSessionUser = (db: Db, userId: string) => Promise<User | null>;

declare module 'fastify' {
  interface Session {
    userId?: string;
    /** Set by /api/login, read by /api/callback. */
    oidc?: { state: string; codeVerifier: string; returnTo?: string };
    /** The id token, for the provider's logout. */
    idToken?: string;
    /**
     * The member of `userId` (null: gone or suspended), read by the session store in the same
     * statement as the session; never stored.
     */
    member?: { userId: string; user: User | null };
  }
  interface FastifyRequest {
    cachedUser?: User | null;
  }
  interface FastifyInstance {
    findSessionUser: FindSessionUser;
  }
}

/**
 * Called once by the app: the http layer knows no module, so the users module's lookup is
 * handed in here instead of imported (which would make http and users depend on each other).
 */
export function registerSessionUsers(app: FastifyInstance, findSessionUser: FindSessionUser) {
  app.decorate('findSessionUser', findSessionUser);
}

/**
 * The signed-in user, or null. Loaded once per request, with the session when the store read it
 * (no statement of its own). A suspended member counts as signed out on their very next request,
 * whatever session they still hold.
 */
export async function optionalUser(request: FastifyRequest): Promise<User | null> {
  if (request.cachedUser !== undefined) return request.cachedUser;
  const userId = request.session?.get?.('userId');
  const member = request.session?.get?.('member');
  if (!userId) request.cachedUser = null;
  else if (member?.userId === userId) request.cachedUser = member.user;
  else request.cachedUser = await request.server.findSessionUser(request.server.ctx.db, userId);
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

/** How long a member's session lasts without a request (rolling: each answer moves it on). */
export const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Starts a fresh session for the user (a new id: no session fixation), for SESSION_MAX_AGE_MS: the
 * session it replaces may be a pre-login one, which lasted minutes.
 */
export async function startSession(request: FastifyRequest, userId: string) {
  await request.session.regenerate();
  request.session.options({ maxAge: SESSION_MAX_AGE_MS });
  request.session.set('userId', userId);
  request.cachedUser = undefined;
  await request.session.save();
}
