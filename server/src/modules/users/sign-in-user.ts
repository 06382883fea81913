import { ACCOUNT_SUSPENDED_MESSAGE } from '@soleswap/contracts/moderation';
import type { Role, User } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { Env } from '../../env';
import { adoptUserByEmail, findUserByIdentity, insertUserIfAbsent, setUserEmailIfFree, toUser, updateUser, type UserRow } from './users.repository';

export interface IdentityClaims {
  issuer: string;
  subject: string;
  email?: string | null;
  /** The provider's word that the member proved they own `email` (the OIDC `email_verified` claim). */
  emailVerified?: boolean;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  picture?: string | null;
}

/**
 * The role rule for every way of signing in: admin only for an address listed in ADMIN_EMAILS
 * that is vouched for. Anyone can type any address into a sign-up form, so an unproven one must
 * never carry the admin role.
 */
export function roleFor(env: Pick<Env, 'ADMIN_EMAILS'>, email: string | null | undefined, emailVerified: boolean): Role {
  if (!email || !emailVerified) return 'member';
  const wanted = email.toLowerCase();
  return env.ADMIN_EMAILS.some((e) => e.toLowerCase() === wanted) ? 'admin' : 'member';
}

/**
 * Finds or creates the member behind an OpenID Connect identity. ADMIN_EMAILS (through roleFor)
 * grants the admin role at every sign-in but never takes it away: an operator may also have made
 * the member admin with `npm run admin -- grant`, and a sign-in must not undo that. Taking the role
 * away is `npm run admin -- revoke` (plus dropping the address from ADMIN_EMAILS).
 * A suspended member is refused (ACCOUNT_SUSPENDED).
 * Safe when the same identity's first logins arrive at once: inserts never fail on a duplicate,
 * the loser reads the winner's row.
 */
export async function signInUser(ctx: AppContext, claims: IdentityClaims): Promise<User> {
  const email = claims.email?.toLowerCase() ?? null;
  const verified = Boolean(email && claims.emailVerified);
  const role = roleFor(ctx.env, email, verified);
  const existing = (await findUserByIdentity(ctx.db, claims.issuer, claims.subject)) ?? (await firstSignIn(ctx, claims, email, verified, role));
  // Checked before anything about the account changes: a suspended member is turned away as is.
  if (existing.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED', ACCOUNT_SUSPENDED_MESSAGE);
  let row = existing;
  // A changed address at the provider follows along, unless another member already has it.
  if (email && row.email !== email) row = (await setUserEmailIfFree(ctx.db, row.id, email)) ?? row;
  const user = role === 'admin' && row.role !== 'admin' ? await updateUser(ctx.db, row.id, { role }) : toUser(row);
  ctx.events.emit('user.signedIn', { userId: user.id });
  return user;
}

async function firstSignIn(ctx: AppContext, claims: IdentityClaims, email: string | null, verified: boolean, role: Role): Promise<UserRow> {
  const identity = { oidcIssuer: claims.issuer, oidcSubject: claims.subject };
  // A member made without an identity (the demo seeder, the dev login) with this e-mail is adopted,
  // but only when the provider vouches for the address: otherwise whoever signs up first with
  // someone else's e-mail would walk into their account.
  if (email && verified) {
    const adopted = await adoptUserByEmail(ctx.db, email, identity);
    if (adopted) return adopted;
  }
  const profile = {
    ...identity,
    // Never the e-mail's local part: usernames are public, e-mails are not (Google, for one,
    // sends no preferred_username). Without one, profiles show the member's name.
    username: claims.username ?? null,
    firstName: claims.firstName ?? null,
    lastName: claims.lastName ?? null,
    profileImageUrl: claims.picture ?? null,
    role,
  };
  const created = await insertUserIfAbsent(ctx.db, { ...profile, email });
  if (created) return created;
  // Nothing inserted: either a concurrent first login of this identity won, or the e-mail belongs
  // to another member. That member is never taken over; the newcomer gets an account without the
  // e-mail instead (e-mails are unique).
  const winner = await findUserByIdentity(ctx.db, claims.issuer, claims.subject);
  if (winner) return winner;
  const withoutEmail = await insertUserIfAbsent(ctx.db, { ...profile, email: null });
  return withoutEmail ?? (await findUserByIdentity(ctx.db, claims.issuer, claims.subject))!;
}
