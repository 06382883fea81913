import type { Db } from '../../db/client';
import { lockedSneakerIds } from '../escrow/escrow-locks';
import { findOwnerCards } from '../users/member-records';
import { findSneakerRowsByIds, type SneakerRecord } from './sneakers.repository';

/**
 * The records for these ids, in the order of `ids` (missing ids are skipped): the rows, their
 * owners and which escrow holds, in three queries whatever the number of ids.
 */
export async function findSneakerRecordsByIds(db: Db, ids: number[]): Promise<SneakerRecord[]> {
  if (ids.length === 0) return [];
  const rows = await findSneakerRowsByIds(db, ids);
  const [owners, locked] = await Promise.all([findOwnerCards(db, [...new Set(rows.map((r) => r.userId))]), lockedSneakerIds(db, ids)]);
  const ownerById = new Map(owners.map((o) => [o.id, o]));
  const byId = new Map(
    rows.flatMap((sneaker) => {
      const owner = ownerById.get(sneaker.userId);
      return owner ? [[sneaker.id, { sneaker, owner, isLocked: locked.has(sneaker.id) }] as const] : [];
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findSneakerRecord(db: Db, id: number): Promise<SneakerRecord | null> {
  const [record] = await findSneakerRecordsByIds(db, [id]);
  return record ?? null;
}
