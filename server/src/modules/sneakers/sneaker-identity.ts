import { IDENTIFYING_FIELDS, type UpdateSneaker } from '@soleswap/contracts/sneakers';

type Identity = Record<(typeof IDENTIFYING_FIELDS)[number], string | null>;

/**
 * The fields an update really changes among those that say what the sneaker is (sending the
 * current value again is not a change). A verification was about the old sneaker, so such a
 * change drops it.
 */
export function changedIdentifyingFields(current: Identity, changes: UpdateSneaker): string[] {
  return IDENTIFYING_FIELDS.filter((field) => changes[field] !== undefined && changes[field] !== current[field]);
}
