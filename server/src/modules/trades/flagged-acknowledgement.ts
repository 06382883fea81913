import type { FlaggedAcknowledgement } from '@soleswap/contracts/trades';
import { AppError } from '../../errors';
import { isFlagged } from '../sneakers/sneaker-records';
import type { TradeSneakerRow } from '../custody/trade-sneakers';

/**
 * The acknowledgement rule of issue #28: proposing, countering or accepting a trade that holds a
 * pair flagged for review (verification-values.ts verdictOf) needs `acknowledgeFlagged: true`.
 * Without it: 409 TRADE_FLAGGED_UNACKNOWLEDGED naming the pairs, and nothing changes. With it,
 * the acknowledgement to keep on the trade (null when no pair is flagged).
 */
export function checkFlaggedAcknowledged(input: {
  sneakers: ReadonlyMap<number, TradeSneakerRow>;
  sneakerIds: readonly number[];
  acknowledgeFlagged: boolean | undefined;
  userId: string;
  action: FlaggedAcknowledgement['action'];
  at: Date;
}): FlaggedAcknowledgement | null {
  const flagged = input.sneakerIds.flatMap((id) => {
    const sneaker = input.sneakers.get(id);
    return sneaker && isFlagged(sneaker) ? [sneaker] : [];
  });
  if (flagged.length === 0) return null;
  if (input.acknowledgeFlagged !== true) {
    const names = flagged.map((s) => `${s.name} (#${s.id})`).join(', ');
    const message = `Flagged for review by verification: ${names}. Confirm you have seen this to go ahead.`;
    throw new AppError('TRADE_FLAGGED_UNACKNOWLEDGED', message, {
      fields: { acknowledgeFlagged: message, flaggedSneakerIds: flagged.map((s) => s.id).join(',') },
    });
  }
  return { userId: input.userId, action: input.action, sneakerIds: flagged.map((s) => s.id), at: input.at.toISOString() };
}
