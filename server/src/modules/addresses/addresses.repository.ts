import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { AddressInput } from '@soleswap/contracts/addresses';
import type { Db } from '../../db/client';
import { addressReads, loopShipTo, memberAddresses, tradeShipTo } from '../../db/schema/index';

export type AddressRow = typeof memberAddresses.$inferSelect;
/** A ship-to copy, of a trade side (trade_ship_to) or of a loop member (loop_ship_to): the same columns. */
export type ShipToRow = Omit<typeof tradeShipTo.$inferSelect, 'tradeId'>;
/** What a ship-to belongs to: a trade, or a loop (each member chooses where their incoming leg goes). */
export type ShipToSubject = { kind: 'trade'; id: number } | { kind: 'loop'; id: number };
export type ShipToCopy = Omit<typeof tradeShipTo.$inferInsert, 'tradeId'>;

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

/** Sets (or replaces) one side's ship-to copy on a trade, or one member's on a loop. */
export async function upsertShipTo(db: Db, subject: ShipToSubject, row: ShipToCopy) {
  const { userId: _u, ...rest } = row;
  if (subject.kind === 'trade') {
    await db
      .insert(tradeShipTo)
      .values({ ...row, tradeId: subject.id })
      .onConflictDoUpdate({ target: [tradeShipTo.tradeId, tradeShipTo.userId], set: rest });
    return;
  }
  await db
    .insert(loopShipTo)
    .values({ ...row, loopId: subject.id })
    .onConflictDoUpdate({ target: [loopShipTo.loopId, loopShipTo.userId], set: rest });
}

/** The ship-to copies of a trade (at most two rows) or of a loop (one per member at most; primary key). */
export async function findShipTos(db: Db, subject: ShipToSubject): Promise<ShipToRow[]> {
  if (subject.kind === 'trade') {
    const rows = await db.select().from(tradeShipTo).where(eq(tradeShipTo.tradeId, subject.id));
    return rows.map(({ tradeId: _t, ...row }) => row);
  }
  const rows = await db.select().from(loopShipTo).where(eq(loopShipTo.loopId, subject.id));
  return rows.map(({ loopId: _l, ...row }) => row);
}

/** Whether the member chose a ship-to on the trade or loop (its primary key; reads no address). */
export async function existsShipTo(db: Db, subject: ShipToSubject, userId: string): Promise<boolean> {
  return (await findShipToChoosers(db, subject)).includes(userId);
}

/** The members who chose a ship-to on the trade or loop (reads no address). */
export async function findShipToChoosers(db: Db, subject: ShipToSubject): Promise<string[]> {
  const rows =
    subject.kind === 'trade'
      ? await db.select({ userId: tradeShipTo.userId }).from(tradeShipTo).where(eq(tradeShipTo.tradeId, subject.id))
      : await db.select({ userId: loopShipTo.userId }).from(loopShipTo).where(eq(loopShipTo.loopId, subject.id));
  return rows.map((r) => r.userId);
}

/** Which members of these loops chose a ship-to (reads no address), in one statement. */
export async function findLoopShipToChoosers(db: Db, loopIds: number[]): Promise<Array<{ loopId: number; userId: string }>> {
  if (loopIds.length === 0) return [];
  return db.select({ loopId: loopShipTo.loopId, userId: loopShipTo.userId }).from(loopShipTo).where(inArray(loopShipTo.loopId, loopIds));
}

/** Who chose a ship-to on each of these trades (reads no address). */
export async function findTradeShipToChoosers(db: Db, tradeIds: number[]): Promise<Array<{ tradeId: number; userId: string }>> {
  if (tradeIds.length === 0) return [];
  return db.select({ tradeId: tradeShipTo.tradeId, userId: tradeShipTo.userId }).from(tradeShipTo).where(inArray(tradeShipTo.tradeId, tradeIds));
}

export async function insertAddressReads(db: Db, rows: Array<typeof addressReads.$inferInsert>) {
  if (rows.length) await db.insert(addressReads).values(rows);
}
