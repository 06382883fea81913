import type { ForceAuth, User } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { ensureUserByEmail } from '../users/ensure-user';

export const DEFAULT_TEST_EMAIL = 'test@soleswap.local';

/**
 * Development tool: the user to act as (created if missing). Refused unless dev tools are
 * enabled (NODE_ENV not production, or ENABLE_DEV_LOGIN=1).
 */
export async function forceAuthUser(ctx: AppContext, input: ForceAuth): Promise<User> {
  if (!ctx.env.devToolsEnabled) throw new AppError('DISABLED', 'Not found');
  return ensureUserByEmail(ctx, { ...input, email: input.email ?? DEFAULT_TEST_EMAIL });
}
