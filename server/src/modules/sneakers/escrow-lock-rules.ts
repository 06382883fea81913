import { IDENTIFYING_FIELDS, SNEAKER_LOCKED_MESSAGE, type UpdateSneaker } from '@soleswap/contracts/sneakers';
import { AppError } from '../../errors';

type Identity = Record<(typeof IDENTIFYING_FIELDS)[number], string | null>;

/**
 * The fields an update really changes among those that identify the sneaker in a trade
 * (sending the current value again is not a change).
 */
export function changedIdentifyingFields(current: Identity, changes: UpdateSneaker): string[] {
  return IDENTIFYING_FIELDS.filter((field) => changes[field] !== undefined && changes[field] !== current[field]);
}

/**
 * decisions.md 4: a sneaker locked in an accepted trade cannot be hidden or have its
 * identifying fields changed (deleting it is refused by deleteSneaker). Its value,
 * description or photo may still change.
 */
export function assertChangeAllowedWhileLocked(current: Identity & { isAvailableForTrade: boolean }, changes: UpdateSneaker): void {
  const hides = changes.isAvailableForTrade === false && current.isAvailableForTrade;
  if (hides || changedIdentifyingFields(current, changes).length > 0) {
    throw new AppError('SNEAKER_LOCKED', SNEAKER_LOCKED_MESSAGE);
  }
}
