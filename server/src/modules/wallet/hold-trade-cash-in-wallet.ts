import type { AuthorizationPurpose, TradeCash } from '@soleswap/contracts/wallet';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { appendLedgerEntry } from '../ledger/append-ledger-entry';
import { findOpenAuthorization, insertRequestedAuthorization, updateAuthorizationFrom, type CashAuthorizationRow } from './cash.repository';
import { moneySubjectOf, subjectColumns, type MoneySubject } from './money-subject';
import { debitWallet } from './debit-wallet';
import { decideAuthorization, decidedOrThrow } from './money.machine';
import { findBalance } from './wallet.repository';

/**
 * The payment method a trade keeps when its cash is paid from the payer's wallet balance rather than
 * a card. Card payment methods are the provider's tokens (`pm_...`), so this one never collides.
 */
export const WALLET_PAYMENT_METHOD = 'wallet_balance';

/** The provider name of an authorization held on a wallet balance: no outside provider is called for it. */
export const WALLET_PROVIDER = 'wallet';

/**
 * Refuses (409 INSUFFICIENT_BALANCE) a proposal whose cash the proposer means to pay from a balance
 * that does not hold it now. Only a courtesy: the balance is debited, and checked for good, at acceptance.
 */
export async function refuseUnlessBalanceCovers(ctx: AppContext, input: { memberId: string; amountCents: number }): Promise<void> {
  if ((await findBalance(ctx.db, input.memberId)) < input.amountCents) {
    throw new AppError('INSUFFICIENT_BALANCE', 'Your wallet balance does not cover this cash. Pay it with a card, or ask for less.', {
      fields: { cashSource: 'Your wallet balance does not cover this cash' },
    });
  }
}

/**
 * Holds a trade's cash, or the payer's protection hold, on the payer's wallet balance at acceptance
 * (docs/rules/money.md#paying-from-the-wallet). Nothing outside is called, so the whole step is one
 * transaction: the authorization goes requested → authorized by the money machine, and a
 * `trade_cash_debit` entry takes the amount from the balance (one per authorization: a unique index).
 * A balance that does not cover it is refused by the balance's CHECK (409 INSUFFICIENT_BALANCE) and
 * nothing is written. Settling then pays the payee (a capture credits them) or gives the amount back
 * (a release writes `trade_cash_return`). A retried or raced acceptance finds the held authorization
 * and holds nothing more.
 */
export async function holdTradeMoneyInWallet(
  ctx: AppContext,
  input: MoneySubject & { purpose: AuthorizationPurpose } & TradeCash,
): Promise<CashAuthorizationRow> {
  const at = ctx.now();
  const { purpose, payerId, payeeId, amountCents } = input;
  const subject = moneySubjectOf(subjectColumns(input));
  return ctx.db.transaction(async (tx) => {
    const intent = await insertRequestedAuthorization(tx, { ...subject, purpose, payerId, payeeId, amountCents, provider: WALLET_PROVIDER, at });
    if (!intent) {
      const open = await findOpenAuthorization(tx, { ...subject, purpose, payerId });
      if (open?.status === 'authorized') return open;
      throw new AppError('CONFLICT', 'The money of this trade changed meanwhile; reload and try again');
    }
    const decision = decidedOrThrow(decideAuthorization({ status: intent.status }, 'authorize_succeeded'));
    const held = await updateAuthorizationFrom(tx, intent.id, 'requested', { status: decision.status, at });
    if (!held) throw new Error(`authorization ${intent.id} moved inside its own transaction`);
    const authorizationId = held.id;
    await debitWallet(tx, { userId: payerId, kind: 'trade_cash_debit', amountCents, ...subjectColumns(subject), authorizationId, at });
    await appendLedgerEntry(tx, {
      ...subject,
      event: purpose === 'trade_cash' ? 'cash_authorize' : 'hold_authorize',
      payload: { authorizationId, payerId, payeeId, amountCents, source: 'wallet' },
      at,
    });
    return held;
  });
}
