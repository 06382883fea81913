import type { LedgerEvent } from '@soleswap/contracts/ledger';
import type { AuthorizationPurpose, HoldCaptureReason, WalletEntryKind } from '@soleswap/contracts/wallet';
import type { AppContext } from '../../context';
import { appendLedgerEntry } from '../ledger/append-ledger-entry';
import { runProviderStep, skip } from '../payments/provider-step';
import { CASH_CALL_TIMEOUT_MS } from './cash-call';
import { moneyProviderNamed } from '../payments/payment-providers';
import {
  findOpenAuthorization,
  findOpenAuthorizationsOf,
  updateAuthorizationFrom,
  type AuthorizationSlot,
  type CashAuthorizationRow,
} from './cash.repository';
import { moneySubjectOf, subjectColumns, type MoneySubject } from './money-subject';
import { allowedAuthorizationActions, decideAuthorization, decidedOrThrow, moneyCallKey, type AuthorizationSnapshot } from './money.machine';
import { WALLET_PROVIDER } from './hold-trade-cash-in-wallet';
import { insertHoldCapture } from './hold-appeals.repository';
import { insertWalletMovement } from './wallet.repository';

/** What a trade's ending says about its money; the trades module reads it off the trade. */
export interface TradeMoneyFacts {
  tradeId: number;
  /** Completed: both receipts, or a dispute resolved as completed. */
  isTradeCompleted: boolean;
  /** The trade ended (completed or not), or its acceptance failed: nothing stays held. */
  hasEnded: boolean;
  /** Members who had not shipped when the ship deadline cancelled the trade. */
  missedShipDeadline: readonly string[];
  /** Members an admin resolved the trade's dispute against, or whose pair failed at the authentication centre. */
  resolvedAgainst: readonly string[];
  /** Of those, the members whose pair failed at the authentication centre (or never reached it). */
  failedInspection?: readonly string[];
}

/** What settling reads of an ending, whoever's money it is. */
type MoneyFacts = Omit<TradeMoneyFacts, 'tradeId'>;

/** Why a protection hold of `payerId` is captured, for the wallet entry and the appeal (docs/rules/money.md#protection-holds). */
export function holdCaptureReason(facts: MoneyFacts, payerId: string): HoldCaptureReason {
  if (facts.failedInspection?.includes(payerId)) return 'failed_authentication';
  return facts.missedShipDeadline.includes(payerId) ? 'missed_ship_deadline' : 'lost_dispute';
}

/** The machine's view of one authorization, given the trade's facts. */
export function authorizationSnapshot(auth: Pick<CashAuthorizationRow, 'status' | 'purpose' | 'payerId'>, facts: MoneyFacts): AuthorizationSnapshot {
  if (auth.purpose === 'trade_cash') return { status: auth.status, purpose: auth.purpose, isTradeCompleted: facts.isTradeCompleted };
  return {
    status: auth.status,
    purpose: auth.purpose,
    hasPayerMissedShipDeadline: facts.missedShipDeadline.includes(auth.payerId),
    isResolvedAgainstPayer: facts.resolvedAgainst.includes(auth.payerId),
  };
}

/**
 * What settles an open authorization now (docs/rules/money.md): a capture when it is due (the
 * trade's cash once the trade completed; a protection hold once its payer missed the ship deadline or
 * lost a dispute, or their pair failed authentication), a release once the trade ended any other
 * way, nothing while it runs.
 */
export function settlementEvent(auth: Pick<CashAuthorizationRow, 'status' | 'purpose' | 'payerId'>, facts: MoneyFacts): 'capture' | 'release' | null {
  const allowed = allowedAuthorizationActions(authorizationSnapshot(auth, facts));
  if (allowed.includes('capture')) return 'capture';
  return facts.hasEnded && allowed.includes('release') ? 'release' : null;
}

const LEDGER: Record<AuthorizationPurpose, Record<'capture' | 'release', LedgerEvent>> = {
  trade_cash: { capture: 'cash_capture', release: 'cash_release' },
  protection_hold: { capture: 'hold_capture', release: 'hold_release' },
};
const CREDIT: Record<AuthorizationPurpose, WalletEntryKind> = { trade_cash: 'trade_cash_credit', protection_hold: 'protection_hold_credit' };

/**
 * Captures or releases each open authorization of a trade (its cash, its protection holds). The money
 * machine decides first (no capture that is not due; a settled one is a replay), the provider is
 * called with no transaction open under `moneyCallKey`, and the result is applied `WHERE status =
 * <from>` in one transaction: a capture credits the payee's wallet (once per authorization) and both
 * write a ledger entry. Money held on the payer's wallet has no provider to call: a release gives it
 * back to the balance (`trade_cash_return`). Safe to repeat: the settle job retries whatever a crash
 * or an outage left open.
 */
export async function settleTradeMoney(ctx: AppContext, facts: TradeMoneyFacts): Promise<void> {
  await settleMoneyOf(ctx, { tradeId: facts.tradeId }, facts);
}

/** What a loop's ending says about its money; the loops module reads it off the loop (its members in place of a trade's sides). */
export type LoopMoneyFacts = Omit<TradeMoneyFacts, 'tradeId' | 'isTradeCompleted' | 'failedInspection'> & { loopId: number };

/**
 * Settles each open protection hold of a loop as a trade's are settled (settleTradeMoney): a hold is
 * captured for the member its leg goes to once its payer missed the ship deadline or lost a dispute,
 * released at completion and on every other ending. A loop carries no cash.
 */
export async function settleLoopMoney(ctx: AppContext, facts: LoopMoneyFacts): Promise<void> {
  await settleMoneyOf(ctx, { loopId: facts.loopId }, { ...facts, isTradeCompleted: false });
}

async function settleMoneyOf(ctx: AppContext, subject: MoneySubject, facts: MoneyFacts): Promise<void> {
  let failure: unknown = null;
  for (const open of await findOpenAuthorizationsOf(ctx.db, subject)) {
    const event = settlementEvent(open, facts);
    if (!event) continue;
    try {
      await settleOne(ctx, open, event, authorizationSnapshot(open, facts), holdCaptureReason(facts, open.payerId));
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure) throw failure;
}

/** Releases everything a trade holds: its acceptance failed (a declined card, a pair locked elsewhere). */
export async function releaseOpenAuthorizations(ctx: AppContext, tradeId: number): Promise<void> {
  await settleTradeMoney(ctx, { tradeId, isTradeCompleted: false, hasEnded: true, missedShipDeadline: [], resolvedAgainst: [] });
}

/** The same for a trade or a loop: every open authorization is released. */
export async function releaseOpenAuthorizationsOf(ctx: AppContext, subject: MoneySubject): Promise<void> {
  await settleMoneyOf(ctx, subject, { isTradeCompleted: false, hasEnded: true, missedShipDeadline: [], resolvedAgainst: [] });
}

/**
 * Releases one member's open authorization of a trade or a loop: a loop acceptance that failed after
 * it authorized its member's hold gives back that hold only, never the other members'.
 */
export async function releaseOpenAuthorization(ctx: AppContext, slot: AuthorizationSlot): Promise<void> {
  const open = await findOpenAuthorization(ctx.db, slot);
  if (!open) return;
  const ended: MoneyFacts = { isTradeCompleted: false, hasEnded: true, missedShipDeadline: [], resolvedAgainst: [] };
  await settleOne(ctx, open, 'release', authorizationSnapshot(open, ended), holdCaptureReason(ended, open.payerId));
}

async function settleOne(
  ctx: AppContext,
  open: CashAuthorizationRow,
  event: 'capture' | 'release',
  snapshot: AuthorizationSnapshot,
  captureReason: HoldCaptureReason,
): Promise<void> {
  const decision = decidedOrThrow(decideAuthorization(snapshot, event));

  await runProviderStep({
    name: 'capture or release trade money',
    timeoutMs: CASH_CALL_TIMEOUT_MS,
    // The intent is the open authorization itself and the machine's decision; a replay calls nothing.
    intent: async () => (decision.changed ? open : skip(undefined)),
    call: async ({ provider: name, providerRef, id }) => {
      // Money held on a wallet (no providerRef) has no provider to call. Settled where it was
      // authorized, even if the configuration changed since.
      if (!providerRef) return;
      const provider = moneyProviderNamed(ctx, name);
      const key = moneyCallKey(event, id);
      await (event === 'capture' ? provider.capture(providerRef, key) : provider.release(providerRef, key));
    },
    apply: async () => {
      const at = ctx.now();
      await ctx.db.transaction(async (tx) => {
        const row = await updateAuthorizationFrom(tx, open.id, open.status, { status: decision.status, at });
        if (!row) return; // settled meanwhile by another request or instance
        const { id: authorizationId, payerId, payeeId, amountCents } = row;
        const subject = moneySubjectOf(row);
        const columns = subjectColumns(subject);
        const fromWallet = row.provider === WALLET_PROVIDER;
        if (event === 'capture') {
          await insertWalletMovement(tx, { userId: payeeId, kind: CREDIT[row.purpose], amountCents, ...columns, authorizationId, at });
          // Why a hold was taken, kept with it: the wallet entry says so, and an appeal starts from it.
          if (row.purpose === 'protection_hold') {
            await insertHoldCapture(tx, { authorizationId, ...columns, payerId, payeeId, amountCents, reason: captureReason, capturedAt: at });
          }
        } else if (fromWallet && open.status === 'authorized') {
          // The balance held for the trade goes back to the payer (once: a unique index).
          await insertWalletMovement(tx, { userId: payerId, kind: 'trade_cash_return', amountCents, ...columns, authorizationId, at });
        }
        await appendLedgerEntry(tx, {
          ...subject,
          event: LEDGER[row.purpose][event],
          payload: { authorizationId, payerId, payeeId, amountCents, ...(fromWallet ? { source: 'wallet' } : {}) },
          at,
        });
      });
    },
  });
}
