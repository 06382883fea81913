import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { tradeValueCents } from './trade-step-up';

export const NO_CENTRE_MESSAGE = 'This server has no authentication centre: trade directly';

/**
 * Whether a trade goes via the authentication centre (docs/rules/inspection.md#which-trades): the
 * member's choice, or the operator's rule that a trade whose larger side is worth more than
 * AUTHENTICATION_REQUIRED_ABOVE_CENTS always does. Without a configured centre
 * (AUTHENTICATION_CENTRE_ADDRESS) nothing goes via authentication, and asking for it is a 400.
 */
export async function viaAuthenticationFor(
  ctx: AppContext,
  { sides, chosen }: { sides: { proposerSneakerIds: number[]; receiverSneakerIds: number[] }; chosen: boolean | undefined },
): Promise<boolean> {
  if (!ctx.env.AUTHENTICATION_CENTRE_ADDRESS) {
    if (chosen) throw new AppError('VALIDATION_FAILED', NO_CENTRE_MESSAGE, { fields: { viaAuthentication: NO_CENTRE_MESSAGE } });
    return false;
  }
  if (chosen) return true;
  const threshold = ctx.env.AUTHENTICATION_REQUIRED_ABOVE_CENTS;
  return threshold !== undefined && (await tradeValueCents(ctx, sides)) > threshold;
}
