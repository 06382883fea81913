import { DAY_MS } from '@soleswap/contracts/time';
import { PROPOSAL_TTL_DAYS } from '@soleswap/contracts/trades';
import type { Db } from '../../db/client';
import { checkFlaggedAcknowledged } from './flagged-acknowledgement';
import { checkProposalSides, type ProposalSides } from './proposal-rules';
import { insertTrade, insertTradeEvent, type TradeRow } from './trades.repository';

/**
 * Checks the proposal rules and inserts a pending trade that expires after PROPOSAL_TTL_DAYS,
 * with its first audit event. Shared by a new proposal and a counter-offer. A pair flagged for
 * review needs `acknowledgeFlagged` (flagged-acknowledgement.ts), kept on the trade.
 */
export async function insertProposal(
  db: Db,
  input: ProposalSides & {
    proposerMessage?: string;
    parentTradeId?: number;
    acknowledgeFlagged?: boolean;
    /** Cash on one side (cents) and, when the proposer pays, their payment method (cash-rules.ts). */
    proposerCashCents?: number;
    receiverCashCents?: number;
    cashPaymentMethod?: string | null;
    /** Both pairs go through the authentication centre (authentication-route.ts decided). */
    viaAuthentication?: boolean;
    /** The protection hold each side owes, in cents (protection-hold-amounts.ts). */
    proposerHoldCents?: number;
    receiverHoldCents?: number;
    at: Date;
  },
): Promise<TradeRow> {
  // A block first, then a suspended member, then the pairs (proposal-rules.ts).
  const facts = await checkProposalSides(db, input);
  // Last: a flagged pair is news the proposer must have seen, asked only of an otherwise valid proposal.
  const acknowledgement = checkFlaggedAcknowledged({
    sneakers: facts.sneakers,
    sneakerIds: [...input.proposerSneakerIds, ...input.receiverSneakerIds],
    acknowledgeFlagged: input.acknowledgeFlagged,
    userId: input.proposerId,
    action: input.parentTradeId ? 'counter' : 'propose',
    at: input.at,
  });
  const trade = await insertTrade(db, {
    proposerId: input.proposerId,
    receiverId: input.receiverId,
    proposerSneakerIds: input.proposerSneakerIds,
    receiverSneakerIds: input.receiverSneakerIds,
    proposerMessage: input.proposerMessage || null,
    parentTradeId: input.parentTradeId ?? null,
    status: 'pending',
    escrowStatus: 'pending',
    expiresAt: new Date(input.at.getTime() + PROPOSAL_TTL_DAYS * DAY_MS),
    flaggedAcknowledgements: acknowledgement ? [acknowledgement] : [],
    proposerCashCents: input.proposerCashCents ?? 0,
    receiverCashCents: input.receiverCashCents ?? 0,
    cashPaymentMethod: input.cashPaymentMethod ?? null,
    viaAuthentication: input.viaAuthentication ?? false,
    proposerHoldCents: input.proposerHoldCents ?? 0,
    receiverHoldCents: input.receiverHoldCents ?? 0,
    createdAt: input.at,
    updatedAt: input.at,
  });
  // A trade is born pending; 'none' marks the creation in the audit trail.
  await insertTradeEvent(db, {
    tradeId: trade.id,
    actorId: input.proposerId,
    action: 'propose',
    fromStatus: 'none',
    toStatus: 'pending',
    data: input.parentTradeId ? { parentTradeId: input.parentTradeId } : null,
    createdAt: input.at,
  });
  return trade;
}
