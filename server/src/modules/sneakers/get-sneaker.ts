import type { Sneaker } from '@soleswap/contracts/sneakers';
import type { User } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { findSneakerRecord } from './sneaker-record';
import { toSneaker } from './sneakers.repository';

/**
 * One sneaker. Members see every listing (a hidden one shows "Not Available"); a visitor sees
 * only what the public list shows, so a hidden sneaker is "not found" to them.
 */
export async function getSneaker(ctx: AppContext, { id, viewer }: { id: number; viewer: User | null }): Promise<Sneaker> {
  const record = await findSneakerRecord(ctx.db, id);
  if (!record || (!viewer && !record.sneaker.isAvailableForTrade)) throw notFound('Sneaker');
  return toSneaker(record, viewer?.id ?? null);
}
