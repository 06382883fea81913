import { DAY_MS } from '@soleswap/contracts/time';
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../src/context';
import { eq } from 'drizzle-orm';
import { escrowLocks, priceSnapshots, sneakers, trades, users } from '../src/db/schema/index';
import { membersChanged } from '../src/modules/users/member-changes';

/**
 * Test data built by inserting rows directly (Outline's factories): every builder takes
 * overrides and fills the rest with valid, unique values. Use the services or the API when a
 * test is about the behaviour itself; use these to set the scene.
 */

let sequence = 0;
const next = () => `${++sequence}-${randomBytes(3).toString('hex')}`;

export type UserRow = typeof users.$inferSelect;
export type SneakerRow = typeof sneakers.$inferSelect;
export type TradeRow = typeof trades.$inferSelect;

/** A member. */
export async function buildUser(ctx: AppContext, overrides: Partial<typeof users.$inferInsert> = {}): Promise<UserRow> {
  const n = next();
  const [row] = await ctx.db
    .insert(users)
    .values({ email: `member-${n}@example.test`, username: `member-${n}`, firstName: 'Test', ...overrides })
    .returning();
  return row!;
}

/** A sneaker owned by `userId`, available for trade unless overridden. */
export async function buildSneaker(
  ctx: AppContext,
  { userId, ...overrides }: { userId: string } & Partial<typeof sneakers.$inferInsert>,
): Promise<SneakerRow> {
  const [row] = await ctx.db
    .insert(sneakers)
    .values({
      userId,
      name: `Air Jordan 4 Retro ${next()}`,
      brand: 'Jordan',
      model: 'Air Jordan 4',
      colorway: 'Bred',
      size: 'US 10',
      condition: '9.5',
      estimatedValue: '250.00',
      isAvailableForTrade: true,
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * A trade row in any status. An accepted or disputed trade also gets its escrow locks (as
 * acceptance would make), unless `withLocks: false`; no ledger entries are written.
 */
export async function buildTrade(
  ctx: AppContext,
  {
    withLocks,
    ...overrides
  }: Pick<typeof trades.$inferInsert, 'proposerId' | 'receiverId' | 'proposerSneakerIds' | 'receiverSneakerIds'> &
    Partial<typeof trades.$inferInsert> & { withLocks?: boolean },
): Promise<TradeRow> {
  const now = ctx.now();
  const status = overrides.status ?? 'pending';
  const held = status === 'accepted' || status === 'disputed';
  const [row] = await ctx.db
    .insert(trades)
    .values({
      status,
      escrowStatus: held ? 'locked' : 'pending',
      expiresAt: new Date(now.getTime() + 7 * DAY_MS),
      ...(held ? { acceptedAt: now, shipBy: new Date(now.getTime() + 5 * DAY_MS) } : {}),
      createdAt: now,
      updatedAt: now,
      ...overrides,
    })
    .returning();
  if (held && withLocks !== false) {
    const ids = [...row!.proposerSneakerIds, ...row!.receiverSneakerIds];
    await ctx.db.insert(escrowLocks).values(ids.map((sneakerId) => ({ sneakerId, tradeId: row!.id })));
  }
  return row!;
}

/** Makes a member premium as a payment a day before `now` would: paid then, running 29 more days. */
export async function makePremiumMember(ctx: AppContext, userId: string, now: Date): Promise<void> {
  await ctx.db
    .update(users)
    .set({
      isPremiumMember: true,
      membershipPaidAt: new Date(now.getTime() - DAY_MS),
      membershipPeriodEnd: new Date(now.getTime() + 29 * DAY_MS),
    })
    .where(eq(users.id, userId));
  // Written here rather than through the users module: the session cache is told as its repositories tell it.
  membersChanged();
}

/** An internal price of a sneaker captured at `capturedAt` (its day is the UTC date). */
export async function buildPriceSnapshot(ctx: AppContext, { sneakerId, price, capturedAt }: { sneakerId: number; price: string; capturedAt: Date }) {
  await ctx.db.insert(priceSnapshots).values(priceSnapshotRow(sneakerId, price, capturedAt));
}

/** The row buildPriceSnapshot writes, for a test that inserts it itself (in a transaction of its own). */
export function priceSnapshotRow(sneakerId: number, price: string, capturedAt: Date) {
  return { sneakerId, price, source: 'internal', capturedAt, capturedOn: capturedAt.toISOString().slice(0, 10) };
}
