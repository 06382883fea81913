import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { deviceConfirmations } from '../../../db/schema/index';

export type DeviceConfirmationRow = typeof deviceConfirmations.$inferSelect;

/** The member's row for a device (by its cookie's hash), or null. */
export async function findMemberDevice(db: Db, userId: string, deviceHash: string): Promise<DeviceConfirmationRow | null> {
  const [row] = await db
    .select()
    .from(deviceConfirmations)
    .where(and(eq(deviceConfirmations.userId, userId), eq(deviceConfirmations.deviceHash, deviceHash)));
  return row ?? null;
}

export async function findDeviceConfirmation(db: Db, id: number): Promise<DeviceConfirmationRow | null> {
  const [row] = await db.select().from(deviceConfirmations).where(eq(deviceConfirmations.id, id));
  return row ?? null;
}

/** Records the device as the member's confirmed one (a confirmed device stays confirmed). */
export async function trustMemberDevice(db: Db, { userId, deviceHash, at }: { userId: string; deviceHash: string; at: Date }) {
  await db
    .insert(deviceConfirmations)
    .values({ userId, deviceHash, createdAt: at, confirmedAt: at })
    .onConflictDoUpdate({
      target: [deviceConfirmations.userId, deviceConfirmations.deviceHash],
      set: { confirmedAt: sql`coalesce(${deviceConfirmations.confirmedAt}, ${at.toISOString()}::timestamptz)` },
    });
}

/** The member's row for a device waiting for its link (created if missing; a confirmed one stays as it is); answers the row. */
export async function awaitMemberDevice(db: Db, { userId, deviceHash, at }: { userId: string; deviceHash: string; at: Date }) {
  await db.insert(deviceConfirmations).values({ userId, deviceHash, createdAt: at }).onConflictDoNothing();
  return (await findMemberDevice(db, userId, deviceHash))!;
}

/** Gives a waiting device a new link (replacing the one before); false when it is confirmed already. */
export async function setDeviceLink(db: Db, { id, tokenHash, expiresAt }: { id: number; tokenHash: string; expiresAt: Date }): Promise<boolean> {
  const updated = await db
    .update(deviceConfirmations)
    .set({ tokenHash, linkExpiresAt: expiresAt })
    .where(and(eq(deviceConfirmations.id, id), isNull(deviceConfirmations.confirmedAt)))
    .returning({ id: deviceConfirmations.id });
  return updated.length > 0;
}

/**
 * Confirms the device whose newest link has this token, while the link is good; a second use of the
 * same link finds it confirmed and changes nothing. Null for a token that is unknown, replaced or past.
 */
export async function confirmDeviceByToken(db: Db, { tokenHash, at }: { tokenHash: string; at: Date }): Promise<{ id: number } | null> {
  const [row] = await db
    .update(deviceConfirmations)
    .set({ confirmedAt: sql`coalesce(${deviceConfirmations.confirmedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(deviceConfirmations.tokenHash, tokenHash), gt(deviceConfirmations.linkExpiresAt, at)))
    .returning({ id: deviceConfirmations.id });
  return row ?? null;
}
