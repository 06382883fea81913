import type { ProtectionHoldPreview, ProtectionHoldPreviewQuery } from '@soleswap/contracts/wallet-protection';
import type { AppContext } from '../../context';
import { protectionHoldsForProposal } from './protection-hold-amounts';
import type { TradeViewer } from './trade-view';

/**
 * The protection holds a proposal from the caller would carry (GET /api/trades/protection-holds), so
 * the proposal form says so before anything is sent: the same rule the proposal applies.
 */
export async function previewProtectionHolds(
  ctx: AppContext,
  { actor, query }: { actor: TradeViewer; query: ProtectionHoldPreviewQuery },
): Promise<ProtectionHoldPreview> {
  const holds = await protectionHoldsForProposal(ctx, { ...query, proposerId: actor.id });
  const protectionHolds: ProtectionHoldPreview['protectionHolds'] = [];
  if (holds.proposerHoldCents > 0) protectionHolds.push({ side: 'proposer', amountCents: holds.proposerHoldCents });
  if (holds.receiverHoldCents > 0) protectionHolds.push({ side: 'receiver', amountCents: holds.receiverHoldCents });
  return { protectionHolds };
}
