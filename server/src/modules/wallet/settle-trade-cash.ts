import type { AppContext } from '../../context';
import { appendLedgerEntry } from '../ledger/append-ledger-entry';
import { cashProviderNamed, providerUnavailable, withinTimeout } from './cash-provider';
import { findOpenAuthorization, updateAuthorizationFrom } from './cash.repository';
import { decideAuthorization, moneyCallKey } from './money.machine';
import { WALLET_PROVIDER } from './hold-trade-cash-in-wallet';
import { insertWalletMovement } from './wallet.repository';

export interface SettleTradeCash {
  tradeId: number;
  /** capture: the trade completed (also by a resolution); release: it ended any other way, or acceptance failed. */
  event: 'capture' | 'release';
  isTradeCompleted: boolean;
}

/**
 * Captures or releases a trade's open authorization (docs/rules/money.md). The money machine decides
 * first (no capture before completion; a settled one is a replay), the provider is called with no
 * transaction open under `moneyCallKey`, and the result is applied `WHERE status = <from>` in one
 * transaction: a capture credits the payee's wallet (once per authorization) and both write a ledger
 * entry. Cash held on the payer's wallet has no provider to call: a release gives it back to the
 * balance (`trade_cash_return`). Safe to repeat: the settle job retries whatever a crash or a provider outage left open.
 */
export async function settleTradeCash(ctx: AppContext, input: SettleTradeCash): Promise<void> {
  const open = await findOpenAuthorization(ctx.db, input.tradeId);
  if (!open) return;
  const decision = decideAuthorization({ status: open.status, isTradeCompleted: input.isTradeCompleted }, input.event);
  if (!decision.ok) throw new Error(decision.message);
  if (!decision.changed) return;

  if (open.providerRef) {
    try {
      // Settled where it was authorized, even if the configuration changed since.
      const provider = cashProviderNamed(ctx, open.provider);
      const key = moneyCallKey(input.event, open.id);
      await withinTimeout(input.event === 'capture' ? provider.capture(open.providerRef, key) : provider.release(open.providerRef, key));
    } catch (error) {
      throw providerUnavailable(error);
    }
  }

  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const row = await updateAuthorizationFrom(tx, open.id, open.status, { status: decision.status, at });
    if (!row) return; // settled meanwhile by another request or instance
    const { id: authorizationId, payerId, payeeId, amountCents, tradeId } = row;
    const fromWallet = row.provider === WALLET_PROVIDER;
    if (input.event === 'capture') {
      await insertWalletMovement(tx, { userId: payeeId, kind: 'trade_cash_credit', amountCents, tradeId, authorizationId, at });
    } else if (fromWallet && open.status === 'authorized') {
      // The balance held for the trade goes back to the payer (once: a unique index).
      await insertWalletMovement(tx, { userId: payerId, kind: 'trade_cash_return', amountCents, tradeId, authorizationId, at });
    }
    await appendLedgerEntry(tx, {
      tradeId,
      event: input.event === 'capture' ? 'cash_capture' : 'cash_release',
      payload: { authorizationId, payerId, payeeId, amountCents, ...(fromWallet ? { source: 'wallet' } : {}) },
      at,
    });
  });
}
