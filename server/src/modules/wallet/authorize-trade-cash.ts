import type { TradeCash } from '@soleswap/contracts/wallet';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { appendLedgerEntry } from '../ledger/append-ledger-entry';
import { DECLINED_MESSAGE } from '../payments/sandbox/test-cards';
import { cashProviderFor, providerUnavailable, withinTimeout } from './cash-provider';
import { findOpenAuthorization, insertRequestedAuthorization, updateAuthorizationFrom, type CashAuthorizationRow } from './cash.repository';
import { holdTradeCashInWallet, WALLET_PAYMENT_METHOD } from './hold-trade-cash-in-wallet';
import { decideAuthorization, moneyCallKey } from './money.machine';

/**
 * Holds a trade's cash on the payer's card, before the trade is accepted (docs/rules/money.md):
 *
 * 1. the intent (a `requested` authorization) is committed; an open one of the trade is reused, so a
 *    retried or raced acceptance authorizes once;
 * 2. the provider is called with no transaction open, under `moneyCallKey('authorize', id)`, and
 *    abandoned after CASH_CALL_TIMEOUT_MS (502, nothing locked; a retry asks again under the same key);
 * 3. its answer is applied in a second transaction, `WHERE status = 'requested'`, with a
 *    `cash_authorize` ledger entry.
 *
 * A declined card answers 402 PAYMENT_DECLINED with the provider's words, and the trade is untouched.
 * Cash paid from the payer's wallet (WALLET_PAYMENT_METHOD) is held on the balance instead, in one
 * transaction with no provider (hold-trade-cash-in-wallet.ts).
 */
export async function authorizeTradeCash(
  ctx: AppContext,
  input: { tradeId: number; cash: TradeCash; paymentMethod: string },
): Promise<CashAuthorizationRow> {
  if (input.paymentMethod === WALLET_PAYMENT_METHOD) return holdTradeCashInWallet(ctx, input);
  const provider = cashProviderFor(ctx);
  const at = ctx.now();
  const intent = await ctx.db.transaction(async (tx) => {
    const inserted = await insertRequestedAuthorization(tx, {
      tradeId: input.tradeId,
      ...input.cash,
      provider: provider.name,
      paymentMethod: input.paymentMethod,
      at,
    });
    return inserted ?? (await findOpenAuthorization(tx, input.tradeId));
  });
  if (!intent) throw new AppError('TRADE_INVALID_TRANSITION', 'The cash of this trade was already settled');
  if (intent.status === 'authorized') return intent;

  let answer;
  try {
    answer = await withinTimeout(
      provider.authorize({ amountCents: intent.amountCents, paymentMethod: input.paymentMethod }, moneyCallKey('authorize', intent.id)),
    );
  } catch (error) {
    throw providerUnavailable(error);
  }

  const decision = decideAuthorization({ status: 'requested' }, answer.status === 'authorized' ? 'authorize_succeeded' : 'authorize_declined');
  if (!decision.ok) throw new Error(decision.message);
  const applied = await ctx.db.transaction(async (tx) => {
    const row = await updateAuthorizationFrom(tx, intent.id, 'requested', {
      status: decision.status,
      providerRef: answer.providerRef,
      failureMessage: answer.failureMessage,
      at: ctx.now(),
    });
    if (row?.status === 'authorized') {
      const { payerId, payeeId, amountCents } = row;
      await appendLedgerEntry(tx, {
        tradeId: row.tradeId,
        event: 'cash_authorize',
        payload: { authorizationId: row.id, payerId, payeeId, amountCents },
        at,
      });
    }
    return row ?? (await findOpenAuthorization(tx, input.tradeId));
  });
  if (applied?.status === 'authorized') return applied;
  if (answer.status === 'declined') throw new AppError('PAYMENT_DECLINED', answer.failureMessage ?? DECLINED_MESSAGE);
  throw new AppError('CONFLICT', 'The cash of this trade changed meanwhile; reload and try again');
}
