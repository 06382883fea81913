import type { SignIn, SignUp } from '@soleswap/contracts/identity';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { findLocalAccountByEmail, findLocalAccountById, insertLocalAccount, type LocalAccountRow } from './local-accounts.repository';
import { hashPassword, passwordProblem, verifyPassword } from './password';

/** A local account of the embedded provider, without its password hash. Its id is the OIDC `sub`. */
export interface LocalAccount {
  id: string;
  email: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  emailVerified: boolean;
}

/** The standard claims the embedded provider releases for an account (scopes openid, email, profile). */
export type AccountClaims = {
  sub: string;
  email: string;
  /** True once the owner opened the confirmation link we mailed to the address. */
  email_verified: boolean;
  preferred_username: string;
  given_name?: string;
  family_name?: string;
  name?: string;
};

function toLocalAccount(row: LocalAccountRow): LocalAccount {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    emailVerified: row.emailVerifiedAt !== null,
  };
}

const INVALID_CREDENTIALS = 'Wrong e-mail or password';

/**
 * Signs up a new local account. WEAK_PASSWORD (with `fields.password`) for a password that fails
 * passwordProblem, EMAIL_TAKEN (with `fields.email`) when the e-mail already has an account.
 */
export async function createLocalAccount(ctx: AppContext, input: SignUp): Promise<LocalAccount> {
  const email = input.email.toLowerCase();
  const problem = passwordProblem(input.password, { email, username: input.username });
  if (problem) throw new AppError('WEAK_PASSWORD', problem, { fields: { password: problem } });
  const taken = () =>
    new AppError('EMAIL_TAKEN', 'An account with this e-mail already exists. Sign in instead.', {
      fields: { email: 'An account with this e-mail already exists' },
    });
  if (await findLocalAccountByEmail(ctx.db, email)) throw taken();
  const row = await insertLocalAccount(ctx.db, {
    email,
    passwordHash: await hashPassword(input.password),
    username: input.username,
    firstName: input.firstName || null,
    lastName: input.lastName || null,
  });
  if (!row) throw taken();
  return toLocalAccount(row);
}

// A real hash to compare against when the e-mail is unknown, so that answer takes as long as a
// wrong password and response times do not reveal which e-mails have accounts.
let dummyHash: Promise<string> | undefined;

/** The account for this e-mail and password, or INVALID_CREDENTIALS (the same for either mistake). */
export async function authenticateLocalAccount(ctx: AppContext, input: SignIn): Promise<LocalAccount> {
  const row = await findLocalAccountByEmail(ctx.db, input.email);
  dummyHash ??= hashPassword('not the password of anyone at all');
  const matches = await verifyPassword(input.password, row?.passwordHash ?? (await dummyHash));
  if (!row || !matches) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  return toLocalAccount(row);
}

/** The claims for an OIDC subject, or null when no such account exists (any more). */
export async function findAccountClaims(ctx: AppContext, id: string): Promise<AccountClaims | null> {
  const row = await findLocalAccountById(ctx.db, id);
  if (!row) return null;
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    sub: row.id,
    email: row.email,
    email_verified: row.emailVerifiedAt !== null,
    preferred_username: row.username,
    ...(row.firstName ? { given_name: row.firstName } : {}),
    ...(row.lastName ? { family_name: row.lastName } : {}),
    ...(name ? { name } : {}),
  };
}

/**
 * The local account with this e-mail, created with this password if missing; an existing account
 * is returned unchanged (its password is not reset). For the demo seeder: no strength rules, so
 * demo passwords can be memorable, and the address counts as confirmed, because the seeder made
 * the member row with it and this account is how that member signs in.
 */
export async function ensureLocalAccount(
  ctx: AppContext,
  input: { email: string; password: string; username: string; firstName?: string; lastName?: string },
): Promise<LocalAccount> {
  const email = input.email.toLowerCase();
  const existing = await findLocalAccountByEmail(ctx.db, email);
  if (existing) return toLocalAccount(existing);
  const row = await insertLocalAccount(ctx.db, {
    email,
    passwordHash: await hashPassword(input.password),
    username: input.username,
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    emailVerifiedAt: ctx.now(),
  });
  // Null only if another process created it meanwhile: that account is just as good.
  return toLocalAccount(row ?? (await findLocalAccountByEmail(ctx.db, email))!);
}
