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

/** The member's push settings: the kinds they do not want pushed, and their quiet hours (null for none). */
export interface PushSettingsRow {
  mutedKinds: string[];
  quietHours: { startHour: number; endHour: number; timeZone: string } | null;
}

export async function findPushSettings(db: Db, userId: string): Promise<PushSettingsRow> {
  const [row] = await db.select().from(pushPreferences).where(eq(pushPreferences.userId, userId));
  if (!row) return { mutedKinds: [], quietHours: null };
  const { quietStartHour: startHour, quietEndHour: endHour, quietTimeZone: timeZone } = row;
  return {
    mutedKinds: row.mutedKinds,
    quietHours: startHour === null || endHour === null || timeZone === null ? null : { startHour, endHour, timeZone },
  };
}

/** The kinds the member does not want pushed. */
export async function findPushMutedKinds(db: Db, userId: string): Promise<string[]> {
  return (await findPushSettings(db, userId)).mutedKinds;
}

export async function savePushSettings(db: Db, userId: string, settings: PushSettingsRow, at: Date): Promise<void> {
  const set = {
    mutedKinds: settings.mutedKinds,
    quietStartHour: settings.quietHours?.startHour ?? null,
    quietEndHour: settings.quietHours?.endHour ?? null,
    quietTimeZone: settings.quietHours?.timeZone ?? null,
    updatedAt: at,
  };
  await db
    .insert(pushPreferences)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: pushPreferences.userId, set });
}
