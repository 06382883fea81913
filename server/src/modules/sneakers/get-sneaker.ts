import type { Sneaker } from '@soleswap/contracts/sneakers';
import type { User } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { hasBlockBetween } from '../blocks/block-guard';
import { findSneakerRecord } from './sneaker-record';
import { toSneakerWithPhotos } from './sneaker-photos';

/**
 * One sneaker. Members see every listing (a hidden one shows "Not Available"); a visitor sees
 * only what the public list shows, so a hidden sneaker is "not found" to them. It carries its photos.
 */
export async function getSneaker(ctx: AppContext, { id, viewer }: { id: number; viewer: User | null }): Promise<Sneaker> {
  const record = await findSneakerRecord(ctx.db, id);
  if (!record || (!viewer && !record.sneaker.isAvailableForTrade)) throw notFound('Sneaker');
  return toSneakerWithPhotos(ctx.db, record, viewer?.id ?? null);
}

/**
 * One sneaker as GET /api/sneakers/:id shows it: like getSneaker, but a listing of a member who
 * blocks the viewer, or whom the viewer blocks, is "not found", as it is missing from every list
 * they see. (getSneaker itself still finds it: a member may report a listing of someone who
 * blocked them.)
 */
export async function getVisibleSneaker(ctx: AppContext, { id, viewer }: { id: number; viewer: User | null }): Promise<Sneaker> {
  const sneaker = await getSneaker(ctx, { id, viewer });
  if (viewer && (await hasBlockBetween(ctx.db, viewer.id, sneaker.userId))) throw notFound('Sneaker');
  return sneaker;
}
