import { and, avg, count, eq, inArray } from 'drizzle-orm';
import type { Sneaker } from '@soleswap/contracts/sneakers';
import type { Db } from '../../db/client';
import { sneakers } from '../../db/schema/index';
import { allowedSneakerActions } from './sneaker-actions';
import { sneakerVerdict } from './sneaker-verdict';

export type SneakerRow = typeof sneakers.$inferSelect;
export type SneakerValues = typeof sneakers.$inferInsert;

/** What a card shows of a sneaker row: all but its search text and image hash, which stay inside. */
export type ListedSneakerRow = Omit<SneakerRow, 'searchText' | 'imageHash'>;

/** A sneaker row with what its card needs: the owner and whether escrow holds it. */
export interface SneakerRecord {
  sneaker: ListedSneakerRow;
  owner: { id: string; username: string | null; firstName: string | null; profileImageUrl: string | null };
  isLocked: boolean;
}

/**
 * The API shape as `viewerId` sees it (null for a visitor): every field of docs/rules/sneakers.md#a-sneaker, decimals as
 * strings, dates ISO, and what the viewer may do with it. The image hash stays inside.
 */
export function toSneaker({ sneaker: s, owner, isLocked }: SneakerRecord, viewerId: string | null): Sneaker {
  return {
    id: s.id,
    userId: s.userId,
    catalogReleaseId: s.catalogReleaseId,
    name: s.name,
    brand: s.brand,
    model: s.model,
    colorway: s.colorway,
    styleCode: s.styleCode,
    size: s.size,
    condition: s.condition,
    estimatedValue: s.estimatedValue,
    imageUrl: s.imageUrl,
    thumbnailUrl: s.thumbnailUrl,
    isVerified: s.isVerified,
    isAvailableForTrade: s.isAvailableForTrade,
    isLocked,
    allowedActions: allowedSneakerActions(
      {
        userId: s.userId,
        isAvailableForTrade: s.isAvailableForTrade,
        isLocked,
        verificationReview: s.verificationReview,
        verificationReviewedAt: s.verificationReviewedAt,
        lastVerificationDate: s.lastVerificationDate,
      },
      viewerId,
    ),
    description: s.description,
    purchasePrice: s.purchasePrice,
    purchaseDate: s.purchaseDate,
    verificationScore: s.verificationScore,
    verificationSource: s.verificationSource,
    marketPrice: s.marketPrice,
    priceRangeLow: s.priceRangeLow,
    priceRangeHigh: s.priceRangeHigh,
    stockxProductId: s.stockxProductId,
    goatProductId: s.goatProductId,
    lastVerificationDate: s.lastVerificationDate?.toISOString() ?? null,
    verificationDetails: (s.verificationDetails as Record<string, unknown> | null) ?? null,
    verificationChecks: (s.verificationChecks as Sneaker['verificationChecks']) ?? null,
    verdict: sneakerVerdict(s),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    owner,
  };
}

/** The rows with these ids, in no particular order. */
export async function findSneakerRowsByIds(db: Db, ids: number[]): Promise<SneakerRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(sneakers).where(inArray(sneakers.id, ids));
}

/** The bare row, optionally locked FOR UPDATE inside a transaction (edits and deletes). */
export async function findSneakerRow(db: Db, id: number, { forUpdate = false } = {}): Promise<SneakerRow | null> {
  const query = db.select().from(sneakers).where(eq(sneakers.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertSneaker(db: Db, values: SneakerValues): Promise<number> {
  const [row] = await db.insert(sneakers).values(values).returning({ id: sneakers.id });
  return row!.id;
}

export async function updateSneakerRow(db: Db, id: number, values: Partial<SneakerValues>): Promise<void> {
  await db.update(sneakers).set(values).where(eq(sneakers.id, id));
}

export async function deleteSneakerRow(db: Db, id: number): Promise<void> {
  await db.delete(sneakers).where(eq(sneakers.id, id));
}

/**
 * How many sneakers a member owns (demo seeding checks it), or with `availableOnly` how many they
 * list, the ones others see (a profile's count for anyone but its owner).
 */
export async function countSneakersOf(db: Db, userId: string, { availableOnly = false }: { availableOnly?: boolean } = {}): Promise<number> {
  const owned = eq(sneakers.userId, userId);
  const where = availableOnly ? and(owned, eq(sneakers.isAvailableForTrade, true)) : owned;
  const [row] = await db.select({ n: count() }).from(sneakers).where(where);
  return Number(row?.n ?? 0);
}

/** Library stats over member sneakers: verified count, listings and mean estimated value (a decimal string). */
export async function sneakerValueStats(db: Db): Promise<{ total: number; verifiedCount: number; averageValue: string | null }> {
  const [[all], [verified]] = await Promise.all([
    db.select({ n: count(), mean: avg(sneakers.estimatedValue) }).from(sneakers),
    db
      .select({ n: count() })
      .from(sneakers)
      .where(and(eq(sneakers.isVerified, true))),
  ]);
  return { total: Number(all?.n ?? 0), verifiedCount: Number(verified?.n ?? 0), averageValue: all?.mean ?? null };
}
