import type { AuthorizationPurpose, TradeCash } from '@soleswap/contracts/wallet';
import type { LedgerEvent } from '@soleswap/contracts/ledger';
import type { AppContext } from '../../context';
import { retryingDeadlocks } from '../../db/within-transaction';
import { AppError } from '../../errors';
import { appendLedgerEntry } from '../ledger/append-ledger-entry';
import { CARD_DECLINED_MESSAGE, type CashAuthorizationResult } from '../payments/money-provider';
import { moneyProviderFor } from '../payments/payment-providers';
import { runProviderStep, skip } from '../payments/provider-step';
import { CASH_CALL_TIMEOUT_MS } from './cash-call';
import { findOpenAuthorization, insertRequestedAuthorization, updateAuthorizationFrom, type CashAuthorizationRow } from './cash.repository';
import { holdTradeMoneyInWallet, WALLET_PAYMENT_METHOD } from './hold-trade-cash-in-wallet';
import { decideAuthorization, decidedOrThrow, moneyCallKey } from './money.machine';
import { moneySubjectOf, subjectColumns, type MoneySubject } from './money-subject';
import { releaseOpenAuthorizations, releaseOpenAuthorizationsOf } from './settle-trade-cash';

/** One hold to put on a card at acceptance: the trade's cash, or a side's protection hold. */
export interface MoneyToAuthorize extends TradeCash {
  purpose: AuthorizationPurpose;
  /** The payer's payment method (a sandbox token or a Stripe pm_ id), or WALLET_PAYMENT_METHOD for their wallet balance. */
  paymentMethod: string;
}

const AUTHORIZE_LEDGER: Record<AuthorizationPurpose, LedgerEvent> = { trade_cash: 'cash_authorize', protection_hold: 'hold_authorize' };

/**
 * Holds a trade's money on the payers' cards before the trade is accepted (docs/rules/money.md): its
 * cash and the protection holds, all or none.
 *
 * 1. the intents (`requested` authorizations, one per purpose and payer) are committed in one
 *    transaction; an open one of the same slot is reused, so a retried acceptance authorizes once
 *    (acceptances of one trade run one at a time: the caller holds the trade's acceptance claim,
 *    trades/accept-trade.ts, so everything open here is the caller's to release);
 * 2. the provider is called for each with no transaction open, under `moneyCallKey('authorize', id)`,
 *    and abandoned after CASH_CALL_TIMEOUT_MS (502, nothing locked; a retry asks again under the same key);
 * 3. the answers are applied in a second transaction, `WHERE status = 'requested'`, then each held
 *    one's ledger entry is written (`cash_authorize`, `hold_authorize`): rows first, the ledger's head
 *    last (docs/rules/ledger.md#lock-order); a deadlock PostgreSQL broke runs it again.
 *
 * A declined card answers 402 PAYMENT_DECLINED with the provider's words after releasing whatever
 * the other calls held, and the trade is untouched. What a payer pays from their wallet
 * (WALLET_PAYMENT_METHOD) is held on the balance first, one transaction each with no provider
 * (hold-trade-cash-in-wallet.ts); a balance short of it is 409 INSUFFICIENT_BALANCE, and whatever was
 * held is released. The payment method is kept on each card authorization, so the re-authorization
 * job can hold it again (reauthorize-cash.ts).
 */
export async function authorizeTradeMoney(ctx: AppContext, input: MoneySubject & { items: MoneyToAuthorize[] }): Promise<CashAuthorizationRow[]> {
  if (input.items.length === 0) return [];
  const subject = moneySubjectOf(subjectColumns(input));
  const releaseAll = () =>
    subject.tradeId !== undefined ? releaseOpenAuthorizations(ctx, subject.tradeId) : releaseOpenAuthorizationsOf(ctx, subject);
  const fromWallet: CashAuthorizationRow[] = [];
  try {
    for (const { paymentMethod, ...item } of input.items) {
      if (paymentMethod === WALLET_PAYMENT_METHOD) fromWallet.push(await holdTradeMoneyInWallet(ctx, { ...subject, ...item }));
    }
  } catch (error) {
    await releaseAll();
    throw error;
  }
  const onCards = input.items.filter((item) => item.paymentMethod !== WALLET_PAYMENT_METHOD);
  if (onCards.length === 0) return fromWallet;
  const provider = moneyProviderFor(ctx);
  const at = ctx.now();
  type Intents = Array<{ row: CashAuthorizationRow; paymentMethod: string }>;
  type Answers = Array<{ row: CashAuthorizationRow; answer: CashAuthorizationResult }>;
  let intents: Intents = [];
  const { answers, applied } = await runProviderStep({
    name: 'authorize trade money',
    timeoutMs: CASH_CALL_TIMEOUT_MS,
    intent: async () => {
      intents = await ctx.db.transaction(async (tx) => {
        const rows: Array<{ row: CashAuthorizationRow; paymentMethod: string }> = [];
        for (const { paymentMethod, ...item } of onCards) {
          const slot = { ...subject, purpose: item.purpose, payerId: item.payerId };
          const row =
            (await insertRequestedAuthorization(tx, {
              ...slot,
              payeeId: item.payeeId,
              amountCents: item.amountCents,
              provider: provider.name,
              paymentMethod,
              at,
            })) ?? (await findOpenAuthorization(tx, slot));
          if (!row)
            throw new AppError(
              subject.loopId ? 'LOOP_INVALID_TRANSITION' : 'TRADE_INVALID_TRANSITION',
              'The money of this trade was already settled',
            );
          rows.push({ row, paymentMethod });
        }
        return rows;
      });
      const toCall = intents.filter(({ row }) => row.status !== 'authorized');
      return toCall.length === 0 ? skip({ answers: [] as Answers, applied: [] as CashAuthorizationRow[] }) : toCall;
    },
    call: async (toCall) => {
      const answers: Answers = [];
      for (const { row, paymentMethod } of toCall) {
        const answer = await provider.authorize({ amountCents: row.amountCents, paymentMethod }, moneyCallKey('authorize', row.id));
        answers.push({ row, answer });
        // A declined card ends the acceptance: the next payer's card is not asked (it would be held, then released).
        if (answer.status === 'declined') break;
      }
      return answers;
    },
    apply: async (_toCall, answers) => ({
      answers,
      applied: await retryingDeadlocks(ctx.db, () =>
        ctx.db.transaction(async (tx) => {
          const rows: CashAuthorizationRow[] = [];
          const held: CashAuthorizationRow[] = [];
          for (const { row: intent, answer } of answers) {
            const event = answer.status === 'authorized' ? 'authorize_succeeded' : 'authorize_declined';
            const decision = decidedOrThrow(decideAuthorization({ status: intent.status }, event));
            const row = await updateAuthorizationFrom(tx, intent.id, intent.status, {
              status: decision.status,
              providerRef: answer.providerRef,
              failureMessage: answer.failureMessage,
              at: ctx.now(),
            });
            if (row?.status === 'authorized') held.push(row);
            rows.push(
              row ?? (await findOpenAuthorization(tx, { ...moneySubjectOf(intent), purpose: intent.purpose, payerId: intent.payerId })) ?? intent,
            );
          }
          for (const { id: authorizationId, purpose, payerId, payeeId, amountCents, ...row } of held) {
            await appendLedgerEntry(tx, {
              ...moneySubjectOf(row),
              event: AUTHORIZE_LEDGER[purpose],
              payload: { authorizationId, payerId, payeeId, amountCents },
              at,
            });
          }
          return rows;
        }),
      ),
    }),
  });

  const declined = answers.find(({ answer }) => answer.status === 'declined');
  if (declined) {
    await releaseAll();
    throw new AppError('PAYMENT_DECLINED', declined.answer.failureMessage ?? CARD_DECLINED_MESSAGE);
  }
  const byId = new Map(applied.map((row) => [row.id, row]));
  const rows = intents.map(({ row }) => byId.get(row.id) ?? row);
  if (rows.some((row) => row.status !== 'authorized')) {
    throw new AppError('CONFLICT', 'The money of this trade changed meanwhile; reload and try again');
  }
  return [...fromWallet, ...rows];
}
