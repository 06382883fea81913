import type { MembershipInterval, PaymentStatus } from '@soleswap/contracts/payments';
import type { CardOutcome } from './test-cards';

/** A payment held by the sandbox provider. The full card number is never kept. */
export interface SandboxPayment {
  id: string;
  clientSecret: string;
  memberId: string;
  amountCents: number;
  currency: 'usd';
  interval: MembershipInterval;
  status: PaymentStatus;
  failureMessage: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  /** While the member is asked to confirm: what the card does once they approve. */
  outcomeAfterApproval: Extract<CardOutcome, { kind: 'require_action' }>['afterApproval'] | null;
  createdAt: Date;
  updatedAt: Date;
}

export type SandboxPaymentChanges = Partial<
  Pick<SandboxPayment, 'status' | 'failureMessage' | 'cardBrand' | 'cardLast4' | 'outcomeAfterApproval' | 'updatedAt'>
>;

/**
 * Where the sandbox keeps its payments: in memory for tests, a table in the app (a later step).
 * `update` is a compare-and-set on the status, so two requests racing on one payment (a
 * double-clicked Pay button) cannot both charge it.
 */
export interface SandboxPaymentStore {
  insert(payment: SandboxPayment): Promise<void>;
  get(id: string): Promise<SandboxPayment | null>;
  /** Applies `changes` only if the status is still `fromStatus`; false when it was not. */
  update(id: string, fromStatus: PaymentStatus, changes: SandboxPaymentChanges): Promise<boolean>;
}

/** The store for tests and for a process that does not need its sandbox payments to survive a restart. */
export class InMemorySandboxPaymentStore implements SandboxPaymentStore {
  readonly #payments = new Map<string, SandboxPayment>();

  async insert(payment: SandboxPayment): Promise<void> {
    if (this.#payments.has(payment.id)) throw new Error(`Sandbox payment ${payment.id} already exists`);
    this.#payments.set(payment.id, structuredClone(payment));
  }

  async get(id: string): Promise<SandboxPayment | null> {
    const payment = this.#payments.get(id);
    return payment ? structuredClone(payment) : null;
  }

  async update(id: string, fromStatus: PaymentStatus, changes: SandboxPaymentChanges): Promise<boolean> {
    const payment = this.#payments.get(id);
    if (!payment || payment.status !== fromStatus) return false;
    this.#payments.set(id, { ...payment, ...structuredClone(changes) });
    return true;
  }
}
