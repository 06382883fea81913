import { and, desc, eq, gt, gte, inArray, isNotNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { PaymentStatus } from '@soleswap/contracts/payments';
import type { Db } from '../../db/client';
import { paymentWebhookEvents, payments } from '../../db/schema/index';

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(db: Db, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

/** The payment with this provider id, as it stands (not locked: read before a provider call). */
export async function findPaymentByProviderId(db: Db, provider: string, providerPaymentId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
  return row ?? null;
}

/** The payment with this provider id, locked for the rest of the transaction. */
export async function lockPaymentByProviderId(db: Db, provider: string, providerPaymentId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)))
    .for('update');
  return row ?? null;
}

/** Writes a status change only if the status is still `fromStatus`; false when another request won. */
export async function updatePayment(db: Db, id: number, fromStatus: PaymentStatus, changes: Partial<typeof payments.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set(changes)
    .where(and(eq(payments.id, id), eq(payments.status, fromStatus)))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/**
 * An unfinished payment the member may resume (same provider and price), newest first: one no
 * card was tried on yet. A declined (failed) payment is never resumed: the next attempt is a new
 * payment, so a decline never blocks it.
 */
export async function findOpenPayment(
  db: Db,
  input: { userId: string; provider: string; amountCents: number; interval: string; createdAfter: Date },
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, input.userId),
        eq(payments.provider, input.provider),
        eq(payments.amountCents, input.amountCents),
        eq(payments.interval, input.interval),
        eq(payments.status, 'requires_payment_method'),
        isNotNull(payments.clientSecret),
        gte(payments.createdAt, input.createdAfter),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return row ?? null;
}

/**
 * True when the member started a later payment that was charged or is being charged (processing,
 * waiting for the bank's confirmation, paid or refunded): this one is then a stale attempt, from
 * another tab or an old page.
 */
export async function hasNewerChargedPayment(db: Db, payment: PaymentRow): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.userId, payment.userId),
        gt(payments.id, payment.id),
        inArray(payments.status, ['processing', 'requires_action', 'succeeded', 'refunded']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The payment that bought the member's latest period (paid, refunded or not). */
export async function findLatestPaidPayment(db: Db, userId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), isNotNull(payments.paidAt)))
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(1);
  return row ?? null;
}

/** How many payments the member ever started: the number of their next one. */
export async function countMemberPayments(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(eq(payments.userId, userId));
  return Number(row?.n ?? 0);
}

/** How many of the member's payments were paid before this one (0: it is their first). */
export async function countPaidBefore(db: Db, userId: string, payment: PaymentRow): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(eq(payments.userId, userId), isNotNull(payments.paidAt), ne(payments.id, payment.id), lte(payments.paidAt, payment.paidAt!)));
  return Number(row?.n ?? 0);
}

/**
 * The member's charges and refunds, newest first: payments a card was tried on. Payments still
 * waiting for a card (a page that was opened and left) are not charges and are left out.
 */
export async function listMemberPayments(db: Db, userId: string, input: { beforeId: number | null; limit: number }) {
  return db
    .select()
    .from(payments)
    .where(
      and(eq(payments.userId, userId), ne(payments.status, 'requires_payment_method'), ...(input.beforeId ? [lt(payments.id, input.beforeId)] : [])),
    )
    .orderBy(desc(payments.id))
    .limit(input.limit);
}

/** Records a webhook delivery; false when it was recorded before (a redelivery). */
export async function recordWebhookEvent(db: Db, provider: string, eventId: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(paymentWebhookEvents)
    .values({ provider, eventId, receivedAt: at })
    .onConflictDoNothing()
    .returning({ eventId: paymentWebhookEvents.eventId });
  return rows.length > 0;
}
