import type { User } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { findUserByIdentity, findUserRowByEmail, insertUser, toUser, updateUser } from './users.repository';

export interface IdentityClaims {
  issuer: string;
  subject: string;
  email?: string | null;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  picture?: string | null;
}

/**
 * Finds or creates the member behind an OpenID Connect identity. Admin role follows ADMIN_EMAILS at
 * every sign-in, so removing an address from the list demotes the account at its next login.
 */
export async function signInUser(ctx: AppContext, claims: IdentityClaims): Promise<User> {
  const email = claims.email?.toLowerCase() ?? null;
  const role = email && ctx.env.ADMIN_EMAILS.map((e) => e.toLowerCase()).includes(email) ? 'admin' : 'member';
  const existing = await findUserByIdentity(ctx.db, claims.issuer, claims.subject);
  let user: User;
  if (existing) {
    user =
      existing.role !== role || (email && existing.email !== email)
        ? await updateUser(ctx.db, existing.id, { role, email: email ?? existing.email })
        : toUser(existing);
  } else {
    // A member made without an identity (the demo seeder, the dev login) with this e-mail is adopted:
    // the seeder gives demo members local accounts, so only their password holder gets here. A member
    // already bound to another identity is never taken over: the newcomer gets an account without
    // the e-mail instead (e-mails are unique).
    const byEmail = email ? await findUserRowByEmail(ctx.db, email) : null;
    user = byEmail && !byEmail.oidcSubject
      ? await updateUser(ctx.db, byEmail.id, { oidcIssuer: claims.issuer, oidcSubject: claims.subject, role })
      : await insertUser(ctx.db, {
          oidcIssuer: claims.issuer,
          oidcSubject: claims.subject,
          email: byEmail ? null : email,
          // Never the e-mail's local part: usernames are public, e-mails are not (Google, for
          // one, sends no preferred_username). Without one, profiles show the member's name.
          username: claims.username ?? null,
          firstName: claims.firstName ?? null,
          lastName: claims.lastName ?? null,
          profileImageUrl: claims.picture ?? null,
          role,
        });
  }
  ctx.events.emit('user.signedIn', { userId: user.id });
  return user;
}
