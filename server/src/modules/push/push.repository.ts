import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushPreferences, pushSubscriptions } from '../../db/schema/index';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Stores a browser's subscription, or moves it (one endpoint is one browser): to the member and
 * session now subscribing, with its current keys.
 */
export async function upsertSubscription(
  db: Db,
  row: { userId: string; sessionKey: string; endpoint: string; p256dh: string; auth: string; createdAt: Date },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: row.userId, sessionKey: row.sessionKey, p256dh: row.p256dh, auth: row.auth, createdAt: row.createdAt },
    });
}

/** Deletes the member's subscription with this endpoint; another member's stays. Answers how many went. */
export async function deleteOwnSubscription(db: Db, userId: string, endpoint: string): Promise<number> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

export async function deleteSubscriptionsOfSession(db: Db, userId: string, sessionKey: string): Promise<number> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.sessionKey, sessionKey)))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

/** Deletes a subscription the push service says is gone (whoever it was for). */
export async function deleteSubscriptionById(db: Db, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function findSubscriptionsOf(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** Whether the member gets pushes at this endpoint. */
export async function hasOwnSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .limit(1);
  return rows.length > 0;
}

/** The kinds the member does not want pushed. */
export async function findPushMutedKinds(db: Db, userId: string): Promise<string[]> {
  const [row] = await db.select({ mutedKinds: pushPreferences.mutedKinds }).from(pushPreferences).where(eq(pushPreferences.userId, userId));
  return row?.mutedKinds ?? [];
}

export async function savePushMutedKinds(db: Db, userId: string, mutedKinds: string[], at: Date): Promise<void> {
  await db
    .insert(pushPreferences)
    .values({ userId, mutedKinds, updatedAt: at })
    .onConflictDoUpdate({ target: pushPreferences.userId, set: { mutedKinds, updatedAt: at } });
}
