import type { FastifyRequest } from 'fastify';
import type { SecondFactorNeeded } from '@soleswap/contracts/identity';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { findIdentityOfMember, findMemberIdOfIdentity } from '../../users/member-identity';
import { embeddedIssuer } from '../embedded-provider';
import { verifySecondFactorCode } from './second-factor';
import { findPasskeysOf, findTotp } from './two-factor.repository';

declare module 'fastify' {
  interface Session {
    /** A password that matched, on an account with a second factor: the sign-in waits for it. */
    pendingSignIn?: { uid: string; accountId: string; userId: string; at: number };
  }
}

/** How long the second-factor step of a sign-in stays open after the password. */
const PENDING_MS = 5 * 60 * 1000;

/**
 * After the password: a member who enrolled a second factor is asked for it at every sign-in,
 * premium or not (decisions §14: security is not a paid feature), so the sign-in waits for it.
 * Answers what to ask for, or null (no factor enrolled) to finish now.
 */
export async function secondFactorAtSignIn(
  ctx: AppContext,
  { request, uid, accountId }: { request: FastifyRequest; uid: string; accountId: string },
): Promise<SecondFactorNeeded | null> {
  const userId = await findMemberIdOfIdentity(ctx.db, embeddedIssuer(ctx), accountId);
  if (!userId) return null;
  const [totp, passkeys] = await Promise.all([findTotp(ctx.db, userId), findPasskeysOf(ctx.db, userId)]);
  if (!totp?.confirmedAt && passkeys.length === 0) return null;
  request.session.set('pendingSignIn', { uid, accountId, userId, at: Date.now() });
  return { secondFactor: { totp: Boolean(totp?.confirmedAt), passkey: passkeys.length > 0 } };
}

/** The code step of such a sign-in: answers the account to sign in once the code matches. */
export async function finishSignInWithCode(
  ctx: AppContext,
  { request, uid, code }: { request: FastifyRequest; uid: string; code: string },
): Promise<string> {
  const pending = request.session.get('pendingSignIn');
  if (!pending || pending.uid !== uid || Date.now() - pending.at > PENDING_MS) {
    throw new AppError('NOT_FOUND', 'This sign-in step has expired. Please enter your password again.');
  }
  // The account's code lock (wrong codes here and at step-up count together) is verifySecondFactorCode's.
  await verifySecondFactorCode(ctx, { userId: pending.userId, code });
  request.session.set('pendingSignIn', undefined);
  return pending.accountId;
}

/** The embedded provider's account of a member who signed in with a passkey; NOT_FOUND when they have none here. */
export async function accountOfPasskeyMember(ctx: AppContext, userId: string): Promise<string> {
  const identity = await findIdentityOfMember(ctx.db, userId);
  if (!identity || identity.issuer !== embeddedIssuer(ctx))
    throw new AppError('SECOND_FACTOR_INVALID', 'This passkey belongs to an account that signs in elsewhere.');
  return identity.subject;
}
