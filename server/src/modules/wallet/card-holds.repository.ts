import { and, desc, eq, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cashAuthorizations } from '../../db/schema/index';
import type { CashAuthorizationRow } from './cash.repository';

/**
 * A page of the holds put on this payer's card (trade cash and protection holds, trades and loops),
 * newest first (cash_authorizations_payer_idx). Money held on the wallet balance instead (provider
 * `wallet`) is not a card hold: the wallet's own entries show it.
 */
export async function listCardHoldsOfPayer(
  db: Db,
  payerId: string,
  input: { beforeId: number | null; limit: number },
): Promise<CashAuthorizationRow[]> {
  return db
    .select()
    .from(cashAuthorizations)
    .where(
      and(
        eq(cashAuthorizations.payerId, payerId),
        ne(cashAuthorizations.provider, 'wallet'),
        ...(input.beforeId ? [lt(cashAuthorizations.id, input.beforeId)] : []),
      ),
    )
    .orderBy(desc(cashAuthorizations.id))
    .limit(input.limit);
}
