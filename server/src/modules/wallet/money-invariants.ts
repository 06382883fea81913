import type { AuthorizationStatus, WalletEntryKind } from '@soleswap/contracts/wallet';

/**
 * The invariants of docs/rules/money.md as one pure check over the money records, so unit tests,
 * the race tests and the soak all ask the same question. It answers every violation it finds
 * (empty when the money is sound).
 */

export interface AuthorizationFacts {
  id: number;
  amountCents: number;
  status: AuthorizationStatus;
  /** Its trade completed, or a dispute was resolved against the payer. */
  isCaptureDue: boolean;
}

export interface WalletEntryFacts {
  memberId: string;
  kind: WalletEntryKind;
  amountCents: number;
  /** The authorization a trade-cash credit came from. */
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
  | { kind: 'negative-balance'; memberId: string; balanceCents: number };

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export function checkMoneyInvariants(facts: MoneyFacts): MoneyViolation[] {
  const violations: MoneyViolation[] = [];
  const captured = facts.authorizations.filter((a) => a.status === 'captured');
  const credits = facts.entries.filter((e) => e.kind === 'trade_cash_credit');

  // Money is conserved: what we took from cards went to wallets or to fees, to the cent.
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

  const balances = new Map<string, number>();
  for (const entry of facts.entries) balances.set(entry.memberId, (balances.get(entry.memberId) ?? 0) + entry.amountCents);
  for (const [memberId, balanceCents] of balances) {
    if (balanceCents < 0) violations.push({ kind: 'negative-balance', memberId, balanceCents });
  }
  return violations;
}
