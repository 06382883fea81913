import type { AppContext } from '../../context';
import { upsertPayoutBankAccount } from './payout-bank-accounts.repository';

/** Gives the member a sandbox bank account, so their withdrawals have somewhere to go (issue #42). */
export async function giveBankAccount(ctx: AppContext, userId: string, last4 = '6789'): Promise<void> {
  await upsertPayoutBankAccount(ctx.db, { userId, holderName: 'Test Member', last4, token: `ba_sandbox_test_${userId}`, at: ctx.now() });
}
