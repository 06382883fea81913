import { DEFAULT_SIGNUP_SOURCE, type EarlySignupInput } from '@soleswap/contracts/early-signups';
import type { AppContext } from '../../context';
import { insertEarlySignupOnce } from './early-signups.repository';

/** Adds a visitor to the early-access list; idempotent per e-mail. */
export async function joinEarlyAccess(ctx: AppContext, input: EarlySignupInput & { ipAddress: string | null; userAgent: string | null }) {
  await insertEarlySignupOnce(ctx.db, {
    name: input.name,
    email: input.email,
    source: input.source ?? DEFAULT_SIGNUP_SOURCE,
    ipAddress: input.ipAddress,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
  });
}
