import type { Db } from '../../db/client';
import { findSneakerRecordRows } from './sneaker-record.repository';
import type { SneakerRecord } from './sneakers.repository';

/**
 * The records for these ids, in the order of `ids` (missing ids, and sneakers whose owner is
 * gone, are skipped): the rows with their owners and escrow locks, in one statement whatever the
 * number of ids (sneaker-record.repository.ts).
 */
export async function findSneakerRecordsByIds(db: Db, ids: number[]): Promise<SneakerRecord[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await findSneakerRecordRows(db, ids)).map((record) => [record.sneaker.id, record]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findSneakerRecord(db: Db, id: number): Promise<SneakerRecord | null> {
  const [record] = await findSneakerRecordsByIds(db, [id]);
  return record ?? null;
}
