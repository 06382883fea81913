import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { findDeclinedPayerOfTrade } from '../wallet/find-declined-payer';
import { findUsernameRows } from '../users/member-records';
import type { TradeRow } from './trades.repository';

/**
 * What a declined card at acceptance says, and to whom (issue #42). The accepting member's own card:
 * the provider's words, as they are ("Your card was declined."), also on `fields.cashCard`. The other member's card (the
 * proposer's, given with the proposal): the accepting member is told whose card it was, since they
 * gave none or theirs went through, and the card's owner is told by a notification
 * (`trade.cardDeclined`) with a link to the trade. The trade stays pending either way.
 */
export async function namedCardDecline(
  ctx: AppContext,
  { trade, actorId, error }: { trade: TradeRow; actorId: string; error: AppError },
): Promise<AppError> {
  const payerId = await findDeclinedPayerOfTrade(ctx, trade.id);
  if (!payerId) return error;
  // Their own card: the provider's words, on the card they just gave (so the form shows it there).
  if (payerId === actorId) return new AppError('PAYMENT_DECLINED', error.message, { fields: { cashCard: error.message }, cause: error });
  const [row] = await findUsernameRows(ctx.db, [payerId]);
  const name = row?.username ?? 'The other member';
  ctx.events.emit('trade.cardDeclined', { tradeId: trade.id, payerId, actorId, reason: error.message });
  return new AppError(
    'PAYMENT_DECLINED',
    `${name}'s card was declined, so the trade is still pending and nothing of yours was charged (any hold on your card is released). We told ${name}, who can give another card.`,
    { cause: error },
  );
}
