import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { wallets } from '../../db/schema/index';

/** The member's Connect account (made at onboarding) and the one their withdrawals go to (set once connected). */
export async function findConnectAccount(db: Db, userId: string): Promise<{ connectAccountId: string | null; payoutAccountId: string | null }> {
  const [row] = await db
    .select({ connectAccountId: wallets.connectAccountId, payoutAccountId: wallets.payoutAccountId })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  return row ?? { connectAccountId: null, payoutAccountId: null };
}

/**
 * Keeps the account Stripe made for the member, making their wallet if need be. A member keeps their
 * first account: an account already kept wins (the one returned).
 */
export async function keepConnectAccount(db: Db, userId: string, accountId: string, at: Date): Promise<string> {
  const [row] = await db
    .insert(wallets)
    .values({ userId, balanceCents: 0, connectAccountId: accountId, updatedAt: at })
    .onConflictDoUpdate({
      target: wallets.userId,
      set: { connectAccountId: sql`coalesce(${wallets.connectAccountId}, excluded.connect_account_id)`, updatedAt: at },
    })
    .returning({ connectAccountId: wallets.connectAccountId });
  return row?.connectAccountId ?? accountId;
}

/** Withdrawals now go to this account (Stripe says it can be paid); false when no member has it. */
export async function markConnectAccountConnected(db: Db, accountId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(wallets)
    .set({ payoutAccountId: accountId, updatedAt: at })
    .where(eq(wallets.connectAccountId, accountId))
    .returning({ userId: wallets.userId });
  return rows.length > 0;
}
