import type { LabelLegRoute } from '../shipping/label-legs';
import { tradeLabelUrl } from './trade-labels';
import { findTradesByIds } from './trades.repository';

/** A trade side's leg key (`<trade id>:<side>`) as its trade's id; null for a key of no trade leg. */
function tradeIdOf(legKey: string): number | null {
  const [id, side] = legKey.split(':');
  const tradeId = Number(id);
  return Number.isSafeInteger(tradeId) && (side === 'proposer' || side === 'receiver') ? tradeId : null;
}

/** What the shipping module asks about a trade leg, handed in by register-modules: its two parties, and where its label prints. */
export const tradeLabelLegs: LabelLegRoute = {
  async parties(db, legKey) {
    const tradeId = tradeIdOf(legKey);
    if (tradeId === null) return null;
    const [trade] = await findTradesByIds(db, [tradeId]);
    return trade ? [trade.proposerId, trade.receiverId] : null;
  },
  labelUrl(legKey) {
    return tradeLabelUrl(tradeIdOf(legKey) ?? 0);
  },
};
