import type { Db } from '../../db/client';
import { findAvailableSneakersOf, listOwnersOfAvailableSneakers, readSneakersForTrade, type SneakerCardRow } from '../sneakers/sneaker-records';
import { findEscrowLocks } from '../escrow/escrow-locks';
import type { SneakerTradeFacts } from './tradeable-sneaker';

/** What a trade needs to know about a sneaker (read through the sneakers module). */
export type TradeSneakerRow = SneakerCardRow;

/**
 * What the tradeable rule (tradeable-sneaker.ts) reads about these sneakers. With `lock`, the
 * sneaker rows are row-locked first (in id order) and the escrow locks are read by a later
 * statement, so they include any lock committed while this transaction waited for the rows.
 */
export async function readSneakerTradeFacts(
  db: Db,
  ids: number[],
  { lock = false }: { lock?: boolean } = {},
): Promise<SneakerTradeFacts<TradeSneakerRow>> {
  const rows = await readSneakersForTrade(db, ids, { lock });
  const locks = await findEscrowLocks(db, ids);
  return {
    sneakers: new Map(rows.map((s) => [s.id, s])),
    lockedBy: new Map(locks.map((l) => [l.sneakerId, l.tradeId])),
  };
}

/**
 * Members owning sneakers available for trade, oldest members' sneakers first. Only the demo
 * seeder calls it, and only before any trade exists, when no sneaker can be in escrow.
 */
export async function listMembersWithFreeSneakers(db: Db, limit: number): Promise<string[]> {
  return listOwnersOfAvailableSneakers(db, limit);
}

/** The members' sneakers that could go into a trade now (available, not in escrow), by id. */
export async function findFreeSneakersOf(db: Db, userIds: string[]): Promise<TradeSneakerRow[]> {
  const available = await findAvailableSneakersOf(db, userIds);
  const locked = new Set(
    (
      await findEscrowLocks(
        db,
        available.map((s) => s.id),
      )
    ).map((l) => l.sneakerId),
  );
  return available.filter((s) => !locked.has(s.id));
}
