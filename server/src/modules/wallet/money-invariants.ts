import type { AuthorizationPurpose, AuthorizationStatus, PayoutStatus, WalletEntryKind } from '@soleswap/contracts/wallet';

/**
 * The invariants of docs/rules/money.md as one pure check over the money records, so unit tests,
 * the race tests and the soak all ask the same question. It answers every violation it finds
 * (empty when the money is sound).
 */

export interface AuthorizationFacts {
  id: number;
  amountCents: number;
  status: AuthorizationStatus;
  /** What it holds; the trade's cash when absent. */
  purpose?: AuthorizationPurpose;
  /**
   * The machine's isCaptureDue: for cash, its trade completed or a dispute was resolved against the
   * payer; for a protection hold, its payer missed the ship deadline or lost a dispute.
   */
  isCaptureDue: boolean;
  /** Held on the payer's wallet balance rather than a card (provider `wallet`). */
  fromWallet?: boolean;
}

export interface WalletEntryFacts {
  memberId: string;
  kind: WalletEntryKind;
  amountCents: number;
  /** The authorization a trade-cash or protection-hold credit, or a wallet debit or return, came from. */
  authorizationId: number | null;
  /** The withdrawal a payout or payout_reversal entry belongs to. */
  payoutId?: number | null;
}

export interface PayoutFacts {
  id: number;
  memberId: string;
  amountCents: number;
  status: PayoutStatus;
}

export interface FeeFacts {
  authorizationId: number;
  amountCents: number;
}

/** A captured protection hold an admin reversed on appeal (docs/rules/money.md#appealing-a-capture). */
export interface ReversalFacts {
  authorizationId: number;
  amountCents: number;
  /** Taken back from the member it was paid to (at most their balance then). */
  takenBackCents: number;
  /** Paid by the platform: what that member no longer held. */
  platformCents: number;
}

export interface MoneyFacts {
  authorizations: AuthorizationFacts[];
  entries: WalletEntryFacts[];
  fees: FeeFacts[];
  /** Withdrawals; each is checked against its entries when given. */
  payouts?: PayoutFacts[];
  /** Reversed captures; their refund and reversal entries are checked against them. */
  reversals?: ReversalFacts[];
}

export type MoneyViolation =
  | { kind: 'not-conserved'; capturedCents: number; creditedCents: number; feeCents: number }
  | { kind: 'capture-not-due'; authorizationId: number }
  | { kind: 'double-capture'; authorizationId: number; credits: number }
  | { kind: 'credit-without-capture'; authorizationId: number }
  | { kind: 'credit-of-wrong-kind'; authorizationId: number; entryKind: WalletEntryKind }
  | { kind: 'negative-balance'; memberId: string; balanceCents: number }
  | { kind: 'wallet-hold-unbalanced'; authorizationId: number; debitedCents: number; returnedCents: number }
  | { kind: 'payout-unbalanced'; payoutId: number; debitedCents: number; reversedCents: number }
  | { kind: 'reversal-unbalanced'; authorizationId: number; refundedCents: number; takenBackCents: number; platformCents: number };

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The wallet entry that credits a captured authorization of each purpose. */
const CREDIT_KIND: Record<AuthorizationPurpose, WalletEntryKind> = { trade_cash: 'trade_cash_credit', protection_hold: 'protection_hold_credit' };
const CREDIT_KINDS: readonly WalletEntryKind[] = Object.values(CREDIT_KIND);
/** The entries of a reversed capture: the hold given back, and taken back. */
const REVERSAL_KINDS: readonly WalletEntryKind[] = ['protection_hold_refund', 'protection_hold_reversal'];

export function checkMoneyInvariants(facts: MoneyFacts): MoneyViolation[] {
  const violations: MoneyViolation[] = [];
  const captured = facts.authorizations.filter((a) => a.status === 'captured');
  const credits = facts.entries.filter((e) => CREDIT_KINDS.includes(e.kind));

  // Money is conserved: what we took from cards (cash and protection holds), and what the platform paid
  // to reverse captures, went to wallets or to fees, to the cent. A reversal gives the whole hold back
  // (a refund) and takes back from the payee (a negative entry) what the platform did not pay.
  const capturedCents = sum(captured.map((a) => a.amountCents)) + sum((facts.reversals ?? []).map((r) => r.platformCents));
  const creditedCents = sum(facts.entries.filter((e) => CREDIT_KINDS.includes(e.kind) || REVERSAL_KINDS.includes(e.kind)).map((e) => e.amountCents));
  const feeCents = sum(facts.fees.map((f) => f.amountCents));
  if (capturedCents !== creditedCents + feeCents) violations.push({ kind: 'not-conserved', capturedCents, creditedCents, feeCents });

  for (const authorization of captured) {
    if (!authorization.isCaptureDue) violations.push({ kind: 'capture-not-due', authorizationId: authorization.id });
  }

  // No double capture: one authorization is credited at most once.
  const creditsByAuthorization = new Map<number, number>();
  for (const credit of credits) {
    if (credit.authorizationId === null) continue;
    creditsByAuthorization.set(credit.authorizationId, (creditsByAuthorization.get(credit.authorizationId) ?? 0) + 1);
  }
  const capturedIds = new Set(captured.map((a) => a.id));
  for (const [authorizationId, count] of creditsByAuthorization) {
    if (count > 1) violations.push({ kind: 'double-capture', authorizationId, credits: count });
    if (!capturedIds.has(authorizationId)) violations.push({ kind: 'credit-without-capture', authorizationId });
  }

  // A captured hold is credited as a hold, captured cash as cash: the wallet says which it was.
  const purposes = new Map(facts.authorizations.map((a) => [a.id, a.purpose ?? 'trade_cash']));
  for (const credit of credits) {
    const purpose = credit.authorizationId === null ? undefined : purposes.get(credit.authorizationId);
    if (purpose && CREDIT_KIND[purpose] !== credit.kind) {
      violations.push({ kind: 'credit-of-wrong-kind', authorizationId: credit.authorizationId!, entryKind: credit.kind });
    }
  }

  violations.push(...walletHoldViolations(facts), ...payoutViolations(facts), ...reversalViolations(facts, capturedIds));

  const balances = new Map<string, number>();
  for (const entry of facts.entries) balances.set(entry.memberId, (balances.get(entry.memberId) ?? 0) + entry.amountCents);
  for (const [memberId, balanceCents] of balances) {
    if (balanceCents < 0) violations.push({ kind: 'negative-balance', memberId, balanceCents });
  }
  return violations;
}

/** What the entries of `kind` naming `id` (through `key`) add up to. */
function entryTotal(entries: WalletEntryFacts[], kind: WalletEntryKind, key: 'authorizationId' | 'payoutId', id: number): number {
  return sum(entries.filter((e) => e.kind === kind && e[key] === id).map((e) => e.amountCents));
}

/**
 * Cash (or a protection hold) paid from a wallet is conserved too: a held, captured or released wallet authorization
 * debited its payer exactly its amount once, and a released one gave exactly that back; no card
 * authorization debits a wallet.
 */
function walletHoldViolations(facts: MoneyFacts): MoneyViolation[] {
  const violations: MoneyViolation[] = [];
  for (const a of facts.authorizations) {
    const debitedCents = -entryTotal(facts.entries, 'trade_cash_debit', 'authorizationId', a.id);
    const returnedCents = entryTotal(facts.entries, 'trade_cash_return', 'authorizationId', a.id);
    const held = a.fromWallet && ['authorized', 'captured', 'released'].includes(a.status);
    const expectedDebit = held ? a.amountCents : 0;
    const expectedReturn = a.fromWallet && a.status === 'released' ? a.amountCents : 0;
    if (debitedCents !== expectedDebit || returnedCents !== expectedReturn) {
      violations.push({ kind: 'wallet-hold-unbalanced', authorizationId: a.id, debitedCents, returnedCents });
    }
  }
  const known = new Set(facts.authorizations.map((a) => a.id));
  for (const e of facts.entries) {
    if ((e.kind === 'trade_cash_debit' || e.kind === 'trade_cash_return') && (e.authorizationId === null || !known.has(e.authorizationId))) {
      violations.push({ kind: 'wallet-hold-unbalanced', authorizationId: e.authorizationId ?? 0, debitedCents: 0, returnedCents: 0 });
    }
  }
  return violations;
}

/** Every withdrawal debited its amount once; a failed one gave exactly that back, once. */
function payoutViolations(facts: MoneyFacts): MoneyViolation[] {
  const violations: MoneyViolation[] = [];
  for (const payout of facts.payouts ?? []) {
    const payoutEntries = facts.entries.filter((e) => e.payoutId === payout.id);
    const debitedCents = -entryTotal(payoutEntries, 'payout', 'payoutId', payout.id);
    const reversedCents = entryTotal(payoutEntries, 'payout_reversal', 'payoutId', payout.id);
    const expectedReversal = payout.status === 'failed' ? payout.amountCents : 0;
    if (debitedCents !== payout.amountCents || reversedCents !== expectedReversal || payoutEntries.length !== (expectedReversal ? 2 : 1)) {
      violations.push({ kind: 'payout-unbalanced', payoutId: payout.id, debitedCents, reversedCents });
    }
  }
  return violations;
}

/**
 * A reversed capture gave its whole amount back once (one refund entry), took back from the payee
 * exactly what it says (at most one reversal entry), and what was taken back plus what the platform
 * paid is the amount: no money made or lost. Refund and reversal entries exist only for a reversed,
 * captured hold.
 */
function reversalViolations(facts: MoneyFacts, capturedIds: Set<number>): MoneyViolation[] {
  const violations: MoneyViolation[] = [];
  const reversed = new Map((facts.reversals ?? []).map((r) => [r.authorizationId, r]));
  for (const r of reversed.values()) {
    const refunds = facts.entries.filter((e) => e.kind === 'protection_hold_refund' && e.authorizationId === r.authorizationId);
    const takebacks = facts.entries.filter((e) => e.kind === 'protection_hold_reversal' && e.authorizationId === r.authorizationId);
    const refundedCents = sum(refunds.map((e) => e.amountCents));
    const takenBackCents = -sum(takebacks.map((e) => e.amountCents));
    const isBalanced =
      capturedIds.has(r.authorizationId) &&
      refunds.length === 1 &&
      refundedCents === r.amountCents &&
      takebacks.length === (r.takenBackCents > 0 ? 1 : 0) &&
      takenBackCents === r.takenBackCents &&
      r.takenBackCents + r.platformCents === r.amountCents &&
      r.platformCents >= 0;
    if (!isBalanced) {
      violations.push({
        kind: 'reversal-unbalanced',
        authorizationId: r.authorizationId,
        refundedCents,
        takenBackCents,
        platformCents: r.platformCents,
      });
    }
  }
  for (const e of facts.entries) {
    if (REVERSAL_KINDS.includes(e.kind) && (e.authorizationId === null || !reversed.has(e.authorizationId))) {
      violations.push({
        kind: 'reversal-unbalanced',
        authorizationId: e.authorizationId ?? 0,
        refundedCents: 0,
        takenBackCents: 0,
        platformCents: 0,
      });
    }
  }
  return violations;
}
