import { SNEAKER_LOCKED_MESSAGE, type SneakerAction, type UpdateSneaker } from '@soleswap/contracts/sneakers';
import { AppError, forbidden } from '../../errors';

/** What the rule needs to know about a sneaker. */
export interface SneakerActionState {
  userId: string;
  isAvailableForTrade: boolean;
  /** Held by escrow in an accepted trade. */
  isLocked: boolean;
  /** An operator's review of its flag (verification-review.ts), and when it and the verification ran. */
  verificationReview?: 'confirmed' | 'cleared' | null;
  verificationReviewedAt?: Date | null;
  lastVerificationDate?: Date | null;
}

/**
 * An operator confirmed the flag of the pair's latest verification: it stays hidden from trading
 * (its owner cannot show it again) until a verification run after the review changes the verdict.
 * An edit that clears the verdict (no verification date) does not lift it: renaming a confirmed
 * fake or swapping its photos must go through the verifier again.
 */
function isHiddenByReview(s: SneakerActionState): boolean {
  return (
    s.verificationReview === 'confirmed' &&
    s.verificationReviewedAt != null &&
    (s.lastVerificationDate == null || s.verificationReviewedAt.getTime() >= s.lastVerificationDate.getTime())
  );
}

/**
 * What `viewerId` may do with the sneaker right now. This one rule answers each sneaker's
 * `allowedActions` and is what the services check before they write, so the menu never offers
 * something the server refuses. Only the owner gets actions. While escrow holds the sneaker
 * every field stays as the counterparty accepted it, so the owner gets none until the trade ends.
 */
export function allowedSneakerActions(sneaker: SneakerActionState, viewerId: string | null): SneakerAction[] {
  if (viewerId === null || viewerId !== sneaker.userId || sneaker.isLocked) return [];
  if (!sneaker.isAvailableForTrade && isHiddenByReview(sneaker)) return ['edit', 'delete', 'verify'];
  return ['edit', sneaker.isAvailableForTrade ? 'hide' : 'show', 'delete', 'verify'];
}

/**
 * The actions a PUT body amounts to: `edit` for any field other than availability, `hide` or
 * `show` when availability really flips. A body that changes nothing still counts as an edit,
 * so a locked sneaker refuses it too instead of pretending to save it.
 */
export function actionsOfUpdate(current: Pick<SneakerActionState, 'isAvailableForTrade'>, changes: UpdateSneaker): SneakerAction[] {
  const { isAvailableForTrade, ...fields } = changes;
  const actions: SneakerAction[] = [];
  if (Object.values(fields).some((value) => value !== undefined)) actions.push('edit');
  if (isAvailableForTrade === false && current.isAvailableForTrade) actions.push('hide');
  if (isAvailableForTrade === true && !current.isAvailableForTrade) actions.push('show');
  return actions.length > 0 ? actions : ['edit'];
}

/**
 * Throws unless `actorId` may take every one of `actions`: 403 for someone else's sneaker,
 * 409 SNEAKER_LOCKED while escrow holds it, 409 CONFLICT for an action its state rules out.
 */
export function assertSneakerActions(sneaker: SneakerActionState, actorId: string, actions: SneakerAction[]): void {
  if (actorId !== sneaker.userId) throw forbidden('Only the owner can change this sneaker');
  const allowed = allowedSneakerActions(sneaker, actorId);
  const refused = actions.find((action) => !allowed.includes(action));
  if (refused === undefined) return;
  if (sneaker.isLocked) throw new AppError('SNEAKER_LOCKED', SNEAKER_LOCKED_MESSAGE);
  throw new AppError('CONFLICT', `You cannot ${refused} this sneaker now`);
}
