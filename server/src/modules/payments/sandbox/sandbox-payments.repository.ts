import { and, eq } from 'drizzle-orm';
import type { MembershipInterval, PaymentStatus } from '@soleswap/contracts/payments';
import type { Db } from '../../../db/client';
import { sandboxPayments } from '../../../db/schema/index';
import type { SandboxPayment, SandboxPaymentChanges, SandboxPaymentStore } from './sandbox-payment-store';

type Row = typeof sandboxPayments.$inferSelect;

const toPayment = (row: Row): SandboxPayment => ({
  id: row.id,
  clientSecret: row.clientSecret,
  memberId: row.userId,
  amountCents: row.amountCents,
  currency: 'usd',
  interval: row.interval as MembershipInterval,
  status: row.status as PaymentStatus,
  failureMessage: row.failureMessage,
  cardBrand: row.cardBrand,
  cardLast4: row.cardLast4,
  outcomeAfterApproval: (row.outcomeAfterApproval ?? null) as SandboxPayment['outcomeAfterApproval'],
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** The sandbox provider's payments in the app's database, so they survive a restart. */
export class DbSandboxPaymentStore implements SandboxPaymentStore {
  constructor(private readonly db: Db) {}

  async insert(payment: SandboxPayment): Promise<void> {
    await this.db.insert(sandboxPayments).values({
      id: payment.id,
      clientSecret: payment.clientSecret,
      userId: payment.memberId,
      amountCents: payment.amountCents,
      currency: payment.currency,
      interval: payment.interval,
      status: payment.status,
      failureMessage: payment.failureMessage,
      cardBrand: payment.cardBrand,
      cardLast4: payment.cardLast4,
      outcomeAfterApproval: payment.outcomeAfterApproval,
      createdAt: payment.createdAt,
      updatedAt: payment.updatedAt,
    });
  }

  async get(id: string): Promise<SandboxPayment | null> {
    const [row] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
    return row ? toPayment(row) : null;
  }

  async update(id: string, fromStatus: PaymentStatus, changes: SandboxPaymentChanges): Promise<boolean> {
    const rows = await this.db
      .update(sandboxPayments)
      .set(changes)
      .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, fromStatus)))
      .returning({ id: sandboxPayments.id });
    return rows.length > 0;
  }
}
