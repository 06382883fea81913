import type { ForceAuth, User } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { ensureUserByEmail } from '../users/ensure-user';
import { roleFor } from '../users/sign-in-user';

export const DEFAULT_TEST_EMAIL = 'test@soleswap.local';

/**
 * Development tool: the user to act as (created if missing). Refused unless dev tools are
 * enabled (NODE_ENV not production, or ENABLE_DEV_LOGIN=1). The role follows the same rule as
 * every other sign-in, with the address counted as vouched for: whoever can use this tool can
 * act as anyone anyway. Like sign-in, ADMIN_EMAILS only grants; an admin made by an operator stays
 * one. An explicit `role` (for tests and demos) wins, outside production only: a production
 * server with ENABLE_DEV_LOGIN=1 refuses it (400), so the tool cannot mint an admin there.
 */
export async function forceAuthUser(ctx: AppContext, input: ForceAuth): Promise<User> {
  if (!ctx.env.devToolsEnabled) throw new AppError('DISABLED', 'Not found');
  if (input.role !== undefined && ctx.env.NODE_ENV === 'production') {
    const message = 'A role can be chosen only outside production';
    throw new AppError('VALIDATION_FAILED', message, { fields: { role: message } });
  }
  const email = input.email ?? DEFAULT_TEST_EMAIL;
  const listed = roleFor(ctx.env, email, true) === 'admin' ? 'admin' : undefined;
  return ensureUserByEmail(ctx, { ...input, email, role: input.role ?? listed });
}
