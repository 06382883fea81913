import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cashAuthorizations } from '../../db/schema/index';
import type { CashAuthorizationRow } from './cash.repository';

/**
 * A page of the holds put on this payer's card (trade cash and protection holds, trades and loops),
 * newest first (cash_authorizations_payer_idx). Money held on the wallet balance instead (provider
 * `wallet`) is not a card hold: the wallet's own entries show it; nor is an intent released before
 * its card was asked.
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
        // An intent released before its card was asked (another card declined first) never touched the card.
        sql`not (${cashAuthorizations.status} = 'released' and ${cashAuthorizations.providerRef} is null)`,
        ...(input.beforeId ? [lt(cashAuthorizations.id, input.beforeId)] : []),
      ),
    )
    .orderBy(desc(cashAuthorizations.id))
    .limit(input.limit);
}
