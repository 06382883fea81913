import { DAY_MS } from '@soleswap/contracts/time';
import type { VerificationCheck } from '../types';

/** Throwaway accounts that list a fake and vanish are usually days old. */
export const ESTABLISHED_ACCOUNT_DAYS = 30;
/** Ratings from 1 to 5; a rated member averaging under this has had trades go badly. */
export const POOR_REPUTATION = 2.5;

/** An account under ESTABLISHED_ACCOUNT_DAYS old with no completed trade: every honest member starts so, and so do throwaway accounts. */
export function isNewAccount(owner: { accountCreatedAt: Date; completedTrades: number }, now: Date): boolean {
  const ageDays = Math.max(0, Math.floor((now.getTime() - owner.accountCreatedAt.getTime()) / DAY_MS));
  return ageDays < ESTABLISHED_ACCOUNT_DAYS && owner.completedTrades === 0;
}

/**
 * Account age, completed trades and reputation. Weight 10: a track record makes a fake less
 * likely, but every honest member starts new, so a short history only lowers the score.
 */
export const ownerHistoryCheck: VerificationCheck = {
  name: 'ownerHistory',
  weight: 10,
  critical: false,
  run({ owner, now }) {
    const ageDays = Math.max(0, Math.floor((now.getTime() - owner.accountCreatedAt.getTime()) / DAY_MS));
    const reputation = Number(owner.reputation);
    const isRated = reputation > 0;
    const observed = `account ${ageDays} days old, ${owner.completedTrades} completed trades, reputation ${isRated ? owner.reputation : 'unrated'}`;
    const expected = `at least ${ESTABLISHED_ACCOUNT_DAYS} days old or a completed trade, and no reputation under ${POOR_REPUTATION}`;
    if (isRated && reputation < POOR_REPUTATION) {
      return { passed: false, evidence: { observed, expected, summary: 'Other members rated past trades poorly.' } };
    }
    if (isNewAccount(owner, now)) {
      return { passed: false, evidence: { observed, expected, summary: 'A new account with no completed trades yet.' } };
    }
    return { passed: true, evidence: { observed, expected, summary: 'The owner has a track record on the platform.' } };
  },
};
