import type { ProtectionHoldPreview, ProtectionHoldPreviewQuery } from '@soleswap/contracts/wallet-protection';
import type { AppContext } from '../../context';
import { checkProposalSides } from './proposal-rules';
import { protectionHoldsForProposal } from './protection-hold-amounts';
import type { TradeViewer } from './trade-view';

/**
 * The protection holds a proposal from the caller would carry (GET /api/trades/protection-holds), so
 * the proposal form says so before anything is sent: the same rule the proposal applies, asked only
 * of pairs the proposal would accept. Whatever proposing them would refuse is refused the same way
 * first (proposal-rules.ts: a block, a suspended member, a pair that is not the caller's or the named
 * member's, is hidden or is locked in another trade), so the answer never prices another member's
 * pairs, nor tells how many trades they completed.
 */
export async function previewProtectionHolds(
  ctx: AppContext,
  { actor, query }: { actor: TradeViewer; query: ProtectionHoldPreviewQuery },
): Promise<ProtectionHoldPreview> {
  const sides = { ...query, proposerId: actor.id };
  await checkProposalSides(ctx.db, sides);
  const holds = await protectionHoldsForProposal(ctx, sides);
  const protectionHolds: ProtectionHoldPreview['protectionHolds'] = [];
  if (holds.proposerHoldCents > 0) protectionHolds.push({ side: 'proposer', amountCents: holds.proposerHoldCents });
  if (holds.receiverHoldCents > 0) protectionHolds.push({ side: 'receiver', amountCents: holds.receiverHoldCents });
  return { protectionHolds };
}
