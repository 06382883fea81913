import type { EarlySignup } from '@soleswap/contracts/early-signups';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { markEarlySignupNotified } from './early-signups.repository';

/** Records that this person was told about the launch; marking twice is harmless. */
export async function markSignupNotified(ctx: AppContext, { id }: { id: number }): Promise<EarlySignup> {
  const signup = await markEarlySignupNotified(ctx.db, id);
  if (!signup) throw new AppError('NOT_FOUND', 'No such signup');
  return signup;
}
