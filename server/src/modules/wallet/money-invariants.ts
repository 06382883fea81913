import type { AuthorizationPurpose, AuthorizationStatus, WalletEntryKind } from '@soleswap/contracts/wallet';

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
}

export interface WalletEntryFacts {
  memberId: string;
  kind: WalletEntryKind;
  amountCents: number;
  /** The authorization a trade-cash or protection-hold credit came from. */
  authorizationId: number | null;
}

export interface FeeFacts {
  authorizationId: number;
  amountCents: number;
}

export interface MoneyFacts {
  authorizations: AuthorizationFacts[];
  entries: WalletEntryFacts[];
  fees: FeeFacts[];
}

export type MoneyViolation =
  | { kind: 'not-conserved'; capturedCents: number; creditedCents: number; feeCents: number }
  | { kind: 'capture-not-due'; authorizationId: number }
  | { kind: 'double-capture'; authorizationId: number; credits: number }
  | { kind: 'credit-without-capture'; authorizationId: number }
  | { kind: 'credit-of-wrong-kind'; authorizationId: number; entryKind: WalletEntryKind }
  | { kind: 'negative-balance'; memberId: string; balanceCents: number };

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The wallet entry that credits a captured authorization of each purpose. */
const CREDIT_KIND: Record<AuthorizationPurpose, WalletEntryKind> = { trade_cash: 'trade_cash_credit', protection_hold: 'protection_hold_credit' };
const CREDIT_KINDS: readonly WalletEntryKind[] = Object.values(CREDIT_KIND);

export function checkMoneyInvariants(facts: MoneyFacts): MoneyViolation[] {
  const violations: MoneyViolation[] = [];
  const captured = facts.authorizations.filter((a) => a.status === 'captured');
  const credits = facts.entries.filter((e) => CREDIT_KINDS.includes(e.kind));

  // Money is conserved: what we took from cards (cash and protection holds) went to wallets or to fees, to the cent.
  const capturedCents = sum(captured.map((a) => a.amountCents));
  const creditedCents = sum(credits.map((e) => e.amountCents));
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

  const balances = new Map<string, number>();
  for (const entry of facts.entries) balances.set(entry.memberId, (balances.get(entry.memberId) ?? 0) + entry.amountCents);
  for (const [memberId, balanceCents] of balances) {
    if (balanceCents < 0) violations.push({ kind: 'negative-balance', memberId, balanceCents });
  }
  return violations;
}
