import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sneakers, users } from '../../db/schema/index';

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

/** The demo member with this e-mail, created if missing; never changes an existing account. */
export async function ensureDemoUser(
  db: Db,
  values: { email: string; username: string; firstName: string; lastName: string; bio: string; createdAt: Date },
): Promise<string> {
  await db.insert(users).values(values).onConflictDoNothing({ target: users.email });
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, values.email));
  return row!.id;
}

export async function countSneakersOf(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sneakers).where(eq(sneakers.userId, userId));
  return Number(row?.n ?? 0);
}

/** A member's sneakers that can be offered in a trade, oldest first. */
export async function findAvailableSneakerIdsOf(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .select({ id: sneakers.id })
    .from(sneakers)
    .where(and(eq(sneakers.userId, userId), eq(sneakers.isAvailableForTrade, true)))
    .orderBy(asc(sneakers.id));
  return rows.map((r) => r.id);
}

/** Every sneaker of a member, hidden ones included. */
export async function findSneakerIdsOf(db: Db, userId: string): Promise<number[]> {
  const rows = await db.select({ id: sneakers.id }).from(sneakers).where(eq(sneakers.userId, userId)).orderBy(asc(sneakers.id));
  return rows.map((r) => r.id);
}
