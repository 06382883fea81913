import { and, eq, inArray, isNotNull, lt, ne } from 'drizzle-orm';
import type { AuthorizationPurpose, AuthorizationStatus } from '@soleswap/contracts/wallet';
import type { Db } from '../../db/client';
import { cashAuthorizations } from '../../db/schema/index';
import { subjectColumns, type MoneySubject } from './money-subject';

export type CashAuthorizationRow = typeof cashAuthorizations.$inferSelect;

const OPEN: AuthorizationStatus[] = ['requested', 'authorized'];

/**
 * Which authorization of a trade or a loop: a trade's cash, or one member's protection hold (one open
 * per trade or loop, purpose and payer).
 */
export type AuthorizationSlot = MoneySubject & {
  purpose: AuthorizationPurpose;
  payerId: string;
};

/** The rows of this trade or loop. */
const ofSubject = (subject: MoneySubject) =>
  subject.loopId !== undefined ? eq(cashAuthorizations.loopId, subject.loopId) : eq(cashAuthorizations.tradeId, subject.tradeId);

/**
 * The one of a slot's open authorizations to settle: the one held (authorized), else a first one still
 * requested. A re-authorization still requested beside its hold is not it: the re-authorization job
 * finishes or releases it (reauthorize-cash.ts).
 */
function toSettle(rows: CashAuthorizationRow[]): CashAuthorizationRow | null {
  return rows.find((r) => r.status === 'authorized') ?? rows.find((r) => r.replacesId === null) ?? null;
}

/** The slot's authorization still to settle (requested or authorized), or null. */
export async function findOpenAuthorization(db: Db, slot: AuthorizationSlot): Promise<CashAuthorizationRow | null> {
  const rows = await db
    .select()
    .from(cashAuthorizations)
    .where(
      and(
        ofSubject(slot),
        eq(cashAuthorizations.purpose, slot.purpose),
        eq(cashAuthorizations.payerId, slot.payerId),
        inArray(cashAuthorizations.status, OPEN),
      ),
    );
  return toSettle(rows);
}

/**
 * Every authorization of a trade still to settle (requested or authorized), oldest first, one per
 * slot: a re-authorization still requested beside its hold is left to the re-authorization job.
 */
export async function findOpenAuthorizationsOfTrade(db: Db, tradeId: number): Promise<CashAuthorizationRow[]> {
  return findOpenAuthorizationsOf(db, { tradeId });
}

/** The same for a trade or a loop. */
export async function findOpenAuthorizationsOf(db: Db, subject: MoneySubject): Promise<CashAuthorizationRow[]> {
  const rows = await db
    .select()
    .from(cashAuthorizations)
    .where(and(ofSubject(subject), inArray(cashAuthorizations.status, OPEN)))
    .orderBy(cashAuthorizations.id);
  const slots = new Map<string, CashAuthorizationRow[]>();
  for (const row of rows) {
    const key = `${row.purpose}:${row.payerId}`;
    slots.set(key, [...(slots.get(key) ?? []), row]);
  }
  return [...slots.values()].flatMap((slot) => toSettle(slot) ?? []).sort((a, b) => a.id - b.id);
}

export async function findAuthorization(db: Db, id: number): Promise<CashAuthorizationRow | null> {
  const [row] = await db.select().from(cashAuthorizations).where(eq(cashAuthorizations.id, id));
  return row ?? null;
}
/** Card holds authorized before `authorizedBefore`, oldest first (served by cash_authorizations_authorized_idx). */
export async function findAuthorizedBefore(db: Db, input: { authorizedBefore: Date; limit: number }): Promise<CashAuthorizationRow[]> {
  return db
    .select()
    .from(cashAuthorizations)
    .where(
      and(
        eq(cashAuthorizations.status, 'authorized'),
        lt(cashAuthorizations.updatedAt, input.authorizedBefore),
        ne(cashAuthorizations.provider, 'wallet'),
      ),
    )
    .orderBy(cashAuthorizations.updatedAt)
    .limit(input.limit);
}

/** Re-authorizations left requested since before `createdBefore` (a crash or an outage between the intent and the answer). */
export async function findRequestedReplacements(db: Db, input: { createdBefore: Date; limit: number }): Promise<CashAuthorizationRow[]> {
  return db
    .select()
    .from(cashAuthorizations)
    .where(
      and(
        eq(cashAuthorizations.status, 'requested'),
        isNotNull(cashAuthorizations.replacesId),
        lt(cashAuthorizations.createdAt, input.createdBefore),
      ),
    )
    .orderBy(cashAuthorizations.id)
    .limit(input.limit);
}

/** The re-authorization of hold `replacesId` (a unique index: one at most), inserted requested, or the one already there. */
export async function insertReplacement(tx: Db, old: CashAuthorizationRow, at: Date): Promise<CashAuthorizationRow> {
  const [row] = await tx
    .insert(cashAuthorizations)
    .values({
      tradeId: old.tradeId,
      loopId: old.loopId,
      purpose: old.purpose,
      payerId: old.payerId,
      payeeId: old.payeeId,
      amountCents: old.amountCents,
      provider: old.provider,
      paymentMethod: old.paymentMethod,
      replacesId: old.id,
      status: 'requested',
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? (await findReplacementOf(tx, old.id))!;
}

/** The re-authorization of hold `oldId`, or null. */
export async function findReplacementOf(db: Db, oldId: number): Promise<CashAuthorizationRow | null> {
  const [row] = await db.select().from(cashAuthorizations).where(eq(cashAuthorizations.replacesId, oldId));
  return row ?? null;
}

/** Every authorization of a trade, oldest first. */
export async function findAuthorizationsOfTrade(db: Db, tradeId: number): Promise<CashAuthorizationRow[]> {
  return db.select().from(cashAuthorizations).where(eq(cashAuthorizations.tradeId, tradeId)).orderBy(cashAuthorizations.id);
}

/** Inserts the intent; null when the slot already has an open one (the unique index), which the caller reads. */
export async function insertRequestedAuthorization(
  db: Db,
  values: AuthorizationSlot & { payeeId: string; amountCents: number; provider: string; paymentMethod?: string | null; at: Date },
): Promise<CashAuthorizationRow | null> {
  const { tradeId: _t, loopId: _l, ...rest } = values;
  const [row] = await db
    .insert(cashAuthorizations)
    .values({ ...rest, ...subjectColumns(values), status: 'requested', createdAt: values.at, updatedAt: values.at })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Moves an authorization from `from` to `to`, only if it is still in `from`; null when it moved meanwhile. */
export async function updateAuthorizationFrom(
  db: Db,
  id: number,
  from: AuthorizationStatus,
  changes: { status: AuthorizationStatus; providerRef?: string | null; failureMessage?: string | null; at: Date },
): Promise<CashAuthorizationRow | null> {
  const { at, ...rest } = changes;
  const [row] = await db
    .update(cashAuthorizations)
    .set({ ...rest, updatedAt: at })
    .where(and(eq(cashAuthorizations.id, id), eq(cashAuthorizations.status, from)))
    .returning();
  return row ?? null;
}

/** Open authorizations of trades and loops: what the settle jobs may still have to capture or release. */
export async function findOpenAuthorizationIds(db: Db, limit: number): Promise<Array<{ id: number; tradeId: number | null; loopId: number | null }>> {
  return db
    .select({ id: cashAuthorizations.id, tradeId: cashAuthorizations.tradeId, loopId: cashAuthorizations.loopId })
    .from(cashAuthorizations)
    .where(inArray(cashAuthorizations.status, OPEN))
    .orderBy(cashAuthorizations.id)
    .limit(limit);
}
