import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { assertNotBlocked } from '../blocks/block-guard';
import { memberExists } from '../users/member-records';
import { assertNoneSuspended } from '../users/member-suspension';
import { readSneakerTradeFacts, type TradeSneakerRow } from '../custody/trade-sneakers';
import { untradeableSneakers, type SneakerTradeFacts } from '../custody/tradeable-sneaker';

export interface ProposalSides {
  proposerId: string;
  receiverId: string;
  proposerSneakerIds: number[];
  receiverSneakerIds: number[];
}

/**
 * The proposal rules of docs/rules/trades.md#proposals that need the database (the schema already checked
 * that both sides are non-empty, at most MAX_SNEAKERS_PER_SIDE, without duplicates): no trade
 * with yourself, the receiver exists, and every sneaker is tradeable (custody/tradeable-sneaker.ts:
 * it belongs to the side that offers it, is available for trade and is not locked in escrow).
 * Used by proposals and counter-offers. Returns what it read about the sneakers.
 */
export async function checkProposal(db: Db, sides: ProposalSides): Promise<SneakerTradeFacts<TradeSneakerRow>> {
  if (sides.proposerId === sides.receiverId) {
    throw new AppError('VALIDATION_FAILED', 'You cannot trade with yourself', {
      fields: { receiverId: 'You cannot trade with yourself' },
    });
  }
  if (!(await memberExists(db, sides.receiverId))) {
    throw new AppError('NOT_FOUND', 'The member you want to trade with was not found');
  }
  const facts = await readSneakerTradeFacts(db, [...sides.proposerSneakerIds, ...sides.receiverSneakerIds]);
  const problems = untradeableSneakers(sides, facts);
  // Wrong or hidden sneakers are a mistake in the form; a lock is news about the sneaker, reported last.
  const mistake = problems.find((p) => p.reason !== 'LOCKED_ELSEWHERE');
  if (mistake) {
    const field = mistake.side === 'proposer' ? 'proposerSneakerIds' : 'receiverSneakerIds';
    const whose = mistake.side === 'proposer' ? 'yours' : "the other member's";
    const message = mistake.reason === 'HIDDEN' ? `${mistake.sneaker!.name} is not available for trade` : `Sneaker ${mistake.id} is not ${whose}`;
    throw new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } });
  }
  const [locked] = problems;
  if (locked) {
    throw new AppError('SNEAKER_LOCKED', `${locked.sneaker!.name} is no longer available: it is locked in another trade`);
  }
  return facts;
}

/**
 * Every refusal a proposal between these sides meets before anything is written, in the order
 * proposing meets them: a block between the two (first, so a blocked member learns only that they
 * cannot trade with them), a suspended member (their listings are off the market), then
 * checkProposal. Proposals, counter-offers and the hold preview (preview-protection-holds.ts) ask it,
 * so the preview answers about nobody's pairs that a proposal would not accept.
 */
export async function checkProposalSides(db: Db, sides: ProposalSides): Promise<SneakerTradeFacts<TradeSneakerRow>> {
  await assertNotBlocked(db, sides.proposerId, sides.receiverId);
  await assertNoneSuspended(db, [sides.proposerId, sides.receiverId]);
  return checkProposal(db, sides);
}
