import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findEscrowLocks, findSneakersByIds } from './trade-sneakers.repository';
import { userExists } from './trade-parties.repository';

export interface ProposalSides {
  proposerId: string;
  receiverId: string;
  proposerSneakerIds: number[];
  receiverSneakerIds: number[];
}

/**
 * The proposal rules of decisions.md 6 that need the database (the schema already checked
 * that both sides are non-empty, at most MAX_SNEAKERS_PER_SIDE, without duplicates): no trade
 * with yourself, the receiver exists, every sneaker belongs to the side that offers it, is
 * available for trade and is not locked in escrow. Used by proposals and counter-offers.
 */
export async function checkProposal(db: Db, sides: ProposalSides): Promise<void> {
  if (sides.proposerId === sides.receiverId) {
    throw new AppError('VALIDATION_FAILED', 'You cannot trade with yourself', {
      fields: { receiverId: 'You cannot trade with yourself' },
    });
  }
  if (!(await userExists(db, sides.receiverId))) {
    throw new AppError('NOT_FOUND', 'The member you want to trade with was not found');
  }
  const ids = [...sides.proposerSneakerIds, ...sides.receiverSneakerIds];
  const sneakers = new Map((await findSneakersByIds(db, ids)).map((s) => [s.id, s]));
  const sideChecks = [
    { field: 'proposerSneakerIds', ids: sides.proposerSneakerIds, ownerId: sides.proposerId, whose: 'yours' },
    { field: 'receiverSneakerIds', ids: sides.receiverSneakerIds, ownerId: sides.receiverId, whose: "the other member's" },
  ];
  for (const side of sideChecks) {
    for (const id of side.ids) {
      const sneaker = sneakers.get(id);
      if (!sneaker || sneaker.userId !== side.ownerId) {
        const message = `Sneaker ${id} is not ${side.whose}`;
        throw new AppError('VALIDATION_FAILED', message, { fields: { [side.field]: message } });
      }
      if (!sneaker.isAvailableForTrade) {
        const message = `${sneaker.name} is not available for trade`;
        throw new AppError('VALIDATION_FAILED', message, { fields: { [side.field]: message } });
      }
    }
  }
  const [locked] = await findEscrowLocks(db, ids);
  if (locked) {
    const name = sneakers.get(locked.sneakerId)?.name ?? `Sneaker ${locked.sneakerId}`;
    throw new AppError('SNEAKER_LOCKED', `${name} is no longer available: it is locked in another trade`);
  }
}
