import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { insertWalletMovement, type NewWalletEntry, type WalletEntryRow } from './wallet.repository';

/** PostgreSQL's check_violation of the balance's CHECK, on the error or anywhere in its cause chain. */
function isOverdraw(error: unknown): boolean {
  for (let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23514' && (e.constraint === 'wallets_balance_not_negative' || e.message?.includes('wallets_balance_not_negative'))) return true;
  }
  return false;
}

/**
 * A debit of the member's balance in the caller's transaction: `amountCents` is taken (the entry is
 * negative). One that would take the balance below zero is refused by the table's CHECK, answered
 * 409 INSUFFICIENT_BALANCE, and the transaction rolls back, so nothing it wrote stays.
 */
/** `entry.amountCents` is the amount taken, positive. */
export async function debitWallet(tx: Db, entry: NewWalletEntry): Promise<WalletEntryRow | null> {
  try {
    return await insertWalletMovement(tx, { ...entry, amountCents: -entry.amountCents });
  } catch (error) {
    if (isOverdraw(error)) {
      throw new AppError('INSUFFICIENT_BALANCE', 'Your wallet balance is not enough for this. Nothing was taken from it.', { cause: error });
    }
    throw error;
  }
}
