import type { User, VerifiedMember, VerifiedMemberPart } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { findIdentityOfMember } from '../users/member-identity';
import { embeddedIssuer } from './embedded-provider';
import { findLocalAccountById } from './local-accounts.repository';
import { hasSecondFactor } from './two-factor/second-factor';

/**
 * Whether the member's e-mail address is confirmed: the embedded provider's account of the member
 * has opened its confirmation link. A member of an external provider counts as unconfirmed: we
 * keep no record of that provider's word (its `email_verified`) beyond the sign-in.
 */
async function hasConfirmedEmail(ctx: AppContext, userId: string): Promise<boolean> {
  const identity = await findIdentityOfMember(ctx.db, userId);
  if (!identity || identity.issuer !== embeddedIssuer(ctx)) return false;
  return Boolean((await findLocalAccountById(ctx.db, identity.subject))?.emailVerifiedAt);
}

/**
 * The VERIFIED tag of a member (decisions §14): premium, a confirmed e-mail address and a second
 * factor enrolled, all three, judged here on the server. What is missing is told only to the
 * member themself (`isSelf`).
 */
export async function describeVerifiedMember(
  ctx: AppContext,
  user: Pick<User, 'id' | 'isPremiumMember'>,
  { isSelf }: { isSelf: boolean },
): Promise<VerifiedMember> {
  const [emailConfirmed, secondFactor] = user.isPremiumMember
    ? await Promise.all([hasConfirmedEmail(ctx, user.id), hasSecondFactor(ctx.db, user.id)])
    : // Not premium: no tag whatever the rest, and nothing more to tell anyone else.
      isSelf
      ? await Promise.all([hasConfirmedEmail(ctx, user.id), hasSecondFactor(ctx.db, user.id)])
      : [false, false];
  const missing: VerifiedMemberPart[] = [];
  if (!user.isPremiumMember) missing.push('premium');
  if (!emailConfirmed) missing.push('confirmed-email');
  if (!secondFactor) missing.push('second-factor');
  return { isVerified: missing.length === 0, missing: isSelf ? missing : null };
}
