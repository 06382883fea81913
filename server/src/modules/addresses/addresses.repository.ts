import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { AddressInput } from '@soleswap/contracts/addresses';
import type { Db } from '../../db/client';
import { addressReads, memberAddresses, tradeShipTo } from '../../db/schema/index';

export type AddressRow = typeof memberAddresses.$inferSelect;
export type ShipToRow = typeof tradeShipTo.$inferSelect;

/** Namespace of the per-member book lock (the first key of the two-key advisory lock). */
const BOOK_LOCK_CLASS = 7_301;

/** Serialises changes to one member's book, so the size cap and the duplicate check hold under races. */
export async function lockBook(db: Db, userId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(BOOK_LOCK_CLASS))}, hashtext(${userId}))`);
}

export async function countAddresses(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberAddresses)
    .where(eq(memberAddresses.userId, userId));
  return row?.n ?? 0;
}

/** An address of the member's book with exactly these fields, if any (a repeated create returns it). */
export async function findSameAddress(db: Db, userId: string, input: AddressInput): Promise<AddressRow | null> {
  const [row] = await db
    .select()
    .from(memberAddresses)
    .where(
      and(
        eq(memberAddresses.userId, userId),
        eq(memberAddresses.name, input.name),
        eq(memberAddresses.line1, input.line1),
        sql`${memberAddresses.line2} is not distinct from ${input.line2}`,
        eq(memberAddresses.city, input.city),
        sql`${memberAddresses.region} is not distinct from ${input.region}`,
        eq(memberAddresses.postalCode, input.postalCode),
        eq(memberAddresses.country, input.country),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertAddress(db: Db, userId: string, input: AddressInput, at: Date): Promise<AddressRow> {
  const [row] = await db
    .insert(memberAddresses)
    .values({ ...input, userId, createdAt: at, updatedAt: at })
    .returning();
  return row!;
}

/** The member's own address, or null when it does not exist or is someone else's. */
export async function findOwnAddress(db: Db, userId: string, id: number): Promise<AddressRow | null> {
  const [row] = await db
    .select()
    .from(memberAddresses)
    .where(and(eq(memberAddresses.id, id), eq(memberAddresses.userId, userId)));
  return row ?? null;
}

export async function updateOwnAddress(db: Db, userId: string, id: number, input: AddressInput, at: Date): Promise<AddressRow | null> {
  const [row] = await db
    .update(memberAddresses)
    .set({ ...input, updatedAt: at })
    .where(and(eq(memberAddresses.id, id), eq(memberAddresses.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteOwnAddress(db: Db, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(memberAddresses)
    .where(and(eq(memberAddresses.id, id), eq(memberAddresses.userId, userId)))
    .returning({ id: memberAddresses.id });
  return rows.length > 0;
}

/** A page of the member's book, newest first; one row more than `limit` (member_addresses_user_idx). */
export async function findAddressesPage(db: Db, userId: string, afterId: number | undefined, limit: number): Promise<AddressRow[]> {
  return db
    .select()
    .from(memberAddresses)
    .where(and(eq(memberAddresses.userId, userId), afterId === undefined ? undefined : lt(memberAddresses.id, afterId)))
    .orderBy(desc(memberAddresses.id))
    .limit(limit + 1);
}

/** Sets (or replaces) one side's ship-to copy on a trade. */
export async function upsertShipTo(db: Db, row: typeof tradeShipTo.$inferInsert) {
  const { tradeId: _t, userId: _u, ...rest } = row;
  await db
    .insert(tradeShipTo)
    .values(row)
    .onConflictDoUpdate({ target: [tradeShipTo.tradeId, tradeShipTo.userId], set: rest });
}

/** Both sides' ship-to copies of a trade (at most two rows; primary key). */
export async function findShipTos(db: Db, tradeId: number): Promise<ShipToRow[]> {
  return db.select().from(tradeShipTo).where(eq(tradeShipTo.tradeId, tradeId));
}

/** Whether the member chose a ship-to on the trade (its primary key; reads no address). */
export async function existsShipTo(db: Db, tradeId: number, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ tradeId: tradeShipTo.tradeId })
    .from(tradeShipTo)
    .where(and(eq(tradeShipTo.tradeId, tradeId), eq(tradeShipTo.userId, userId)));
  return row !== undefined;
}

export async function insertAddressReads(db: Db, rows: Array<typeof addressReads.$inferInsert>) {
  if (rows.length) await db.insert(addressReads).values(rows);
}
