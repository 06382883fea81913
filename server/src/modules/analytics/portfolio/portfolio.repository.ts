import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sneakers, users } from '../../../db/schema/index';
import type { PortfolioSneaker, PriceSnapshot } from './portfolio-series';

/** The member's row: the membership columns decide whether they are premium right now. */
export async function findPortfolioMember(db: Db, userId: string): Promise<typeof users.$inferSelect | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

export interface CollectionSneaker extends PortfolioSneaker {
  size: string;
  condition: string;
}

/** Every sneaker the member owns now, oldest first (served by sneakers_user_idx). */
export async function findCollectionSneakers(db: Db, userId: string): Promise<CollectionSneaker[]> {
  return db
    .select({ id: sneakers.id, name: sneakers.name, brand: sneakers.brand, size: sneakers.size, condition: sneakers.condition })
    .from(sneakers)
    .where(eq(sneakers.userId, userId))
    .orderBy(asc(sneakers.id));
}

/**
 * The price history a period needs for all the member's sneakers, in one statement: every
 * snapshot from `from` up to `to`, plus each sneaker's latest snapshot before `from` (its value
 * when the period starts, carried forward). Both halves walk (sneaker_id, captured_at), so the
 * cost follows the member's own history, never the table's size, and there is no query per pair.
 */
export async function findCollectionSnapshots(db: Db, { userId, from, to }: { userId: string; from: Date; to: Date }): Promise<PriceSnapshot[]> {
  const result = await db.execute(sql`
    select p.sneaker_id, p.captured_at, round(p.price * 100)::int as value_cents, p.id
    from sneakers s
    join price_snapshots p on p.sneaker_id = s.id and p.captured_at >= ${from.toISOString()}::timestamptz and p.captured_at <= ${to.toISOString()}::timestamptz
    where s.user_id = ${userId}
    union all
    select s.id, b.captured_at, round(b.price * 100)::int, b.id
    from sneakers s
    cross join lateral (
      select p.captured_at, p.price, p.id from price_snapshots p
      where p.sneaker_id = s.id and p.captured_at < ${from.toISOString()}::timestamptz
      order by p.captured_at desc, p.id desc
      limit 1
    ) b
    where s.user_id = ${userId}
    order by 1, 2, 4
  `);
  const rows = (result as unknown as { rows: Array<{ sneaker_id: number; captured_at: Date | string; value_cents: number }> }).rows;
  return rows.map((r) => ({ sneakerId: Number(r.sneaker_id), takenAt: new Date(r.captured_at), valueCents: Number(r.value_cents) }));
}
