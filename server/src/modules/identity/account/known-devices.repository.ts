import { eq, sql, and } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { knownDevices } from '../../../db/schema/index';

/** True when the member signed in with any browser before. */
export async function hasKnownDevices(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ device: knownDevices.device }).from(knownDevices).where(eq(knownDevices.userId, userId)).limit(1);
  return Boolean(row);
}

/** Notes the member's sign-in with `device`; true when it is the first with it (also under a race: one insert wins). */
export async function rememberDevice(db: Db, userId: string, device: string, at: Date): Promise<boolean> {
  const [inserted] = await db
    .insert(knownDevices)
    .values({ userId, device, firstSeenAt: at, lastSeenAt: at })
    .onConflictDoNothing()
    .returning({ device: knownDevices.device });
  if (inserted) return true;
  await db
    .update(knownDevices)
    .set({ lastSeenAt: sql`greatest(${knownDevices.lastSeenAt}, ${at})` })
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.device, device)));
  return false;
}
