import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { cashAuthorizations, holdAppeals, holdCaptures, payouts, trades, walletEntries } from '../../db/schema/index';
import { checkMoneyInvariants, type AuthorizationFacts, type MoneyViolation } from '../wallet/money-invariants';
import { isCaptureDue } from '../wallet/money.machine';
import { authorizationSnapshot } from '../wallet/settle-trade-cash';
import { tradeMoneyFacts } from './protection-holds';
import { settleClosedTradesCash } from './settle-trade-cash-after';

/** The trade's protection holds in the order they were made: [payer, payee, amount in cents, status]. */
export async function protectionHoldsOf(db: Db, tradeId: number): Promise<[string, string, number, string][]> {
  return (await db.select().from(cashAuthorizations).where(eq(cashAuthorizations.tradeId, tradeId)).orderBy(cashAuthorizations.id))
    .filter((a) => a.purpose === 'protection_hold')
    .map((a) => [a.payerId, a.payeeId, a.amountCents, a.status]);
}

/** Lets the trade events' listeners finish, then runs the cash settlement job once, as its schedule would. */
export async function settleCashNow(ctx: AppContext): Promise<void> {
  await ctx.events.idle();
  await settleClosedTradesCash(ctx);
}

/** A sandbox test card that is authorized, and one that is declined. */
export const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '2040', cvc: '123' };
export const DECLINED_CARD = { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' };

/**
 * The money invariants over every authorization, wallet entry and payout, each capture judged by its
 * trade's ending. `seeded`: captures a test stands in for (balances it credited directly).
 */
export async function moneyViolations(db: Db, seeded: AuthorizationFacts[] = []): Promise<MoneyViolation[]> {
  const rows = await db
    .select({ auth: cashAuthorizations, trade: trades })
    .from(cashAuthorizations)
    .innerJoin(trades, eq(trades.id, cashAuthorizations.tradeId));
  const entries = await db.select().from(walletEntries);
  const payoutRows = await db.select().from(payouts);
  const reversed = await db
    .select({ appeal: holdAppeals, capture: holdCaptures })
    .from(holdAppeals)
    .innerJoin(holdCaptures, eq(holdCaptures.authorizationId, holdAppeals.authorizationId))
    .where(eq(holdAppeals.status, 'reversed'));
  return checkMoneyInvariants({
    authorizations: rows
      .map(({ auth, trade }): AuthorizationFacts => ({
        id: auth.id,
        amountCents: auth.amountCents,
        status: auth.status,
        purpose: auth.purpose,
        isCaptureDue: isCaptureDue(authorizationSnapshot(auth, tradeMoneyFacts(trade))),
        fromWallet: auth.provider === 'wallet',
      }))
      .concat(seeded),
    entries: entries.map((e) => ({
      memberId: e.userId,
      kind: e.kind,
      amountCents: e.amountCents,
      authorizationId: e.authorizationId,
      payoutId: e.payoutId,
    })),
    fees: [],
    payouts: payoutRows.map((p) => ({ id: p.id, memberId: p.userId, amountCents: p.amountCents, status: p.status })),
    reversals: reversed.map(({ appeal, capture }) => ({
      authorizationId: capture.authorizationId,
      amountCents: capture.amountCents,
      takenBackCents: appeal.takenBackCents,
      platformCents: appeal.platformCents,
    })),
  });
}

/**
 * The trade-cash credits a test wrote straight to a wallet (the authorization ids `isSeeded` names),
 * as the captures made elsewhere that they stand for: pass them to moneyViolations.
 */
export async function seededCaptures(db: Db, isSeeded: (authorizationId: number) => boolean): Promise<AuthorizationFacts[]> {
  return (await db.select().from(walletEntries))
    .filter((e) => e.kind === 'trade_cash_credit' && e.authorizationId !== null && isSeeded(e.authorizationId))
    .map((e) => ({ id: e.authorizationId!, amountCents: e.amountCents, status: 'captured', isCaptureDue: true }));
}
