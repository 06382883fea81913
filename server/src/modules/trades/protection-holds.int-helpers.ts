import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cashAuthorizations, trades, walletEntries } from '../../db/schema/index';
import { checkMoneyInvariants, type MoneyViolation } from '../wallet/money-invariants';
import { isCaptureDue } from '../wallet/money.machine';
import { authorizationSnapshot } from '../wallet/settle-trade-cash';
import { tradeMoneyFacts } from './protection-holds';

/** A sandbox test card that is authorized, and one that is declined. */
export const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '2040', cvc: '123' };
export const DECLINED_CARD = { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' };

/** The money invariants over every authorization and wallet entry, each capture judged by its trade's ending. */
export async function moneyViolations(db: Db): Promise<MoneyViolation[]> {
  const rows = await db
    .select({ auth: cashAuthorizations, trade: trades })
    .from(cashAuthorizations)
    .innerJoin(trades, eq(trades.id, cashAuthorizations.tradeId));
  const entries = await db.select().from(walletEntries);
  return checkMoneyInvariants({
    authorizations: rows.map(({ auth, trade }) => ({
      id: auth.id,
      amountCents: auth.amountCents,
      status: auth.status,
      purpose: auth.purpose,
      isCaptureDue: isCaptureDue(authorizationSnapshot(auth, tradeMoneyFacts(trade))),
    })),
    entries: entries.map((e) => ({ memberId: e.userId, kind: e.kind, amountCents: e.amountCents, authorizationId: e.authorizationId })),
    fees: [],
  });
}
