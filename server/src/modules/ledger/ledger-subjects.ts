import type { SQL } from 'drizzle-orm';

/** Whose entry it is: a two-member trade's or a loop's. */
export type LedgerSubject = { tradeId: number; loopId?: undefined } | { loopId: number; tradeId?: undefined };

/**
 * How to lock a subject's row FOR KEY SHARE (the lock the entry's reference to it takes anyway), as
 * a subquery the ledger runs in the statement that takes the head of its chain
 * (docs/rules/ledger.md#lock-order). Trades and loops own those rows and sit above the ledger, so
 * they hand these in at start-up (register-modules.ts): the ledger imports neither.
 */
export interface LedgerSubjectLocks {
  trade: (tradeId: number) => SQL;
  loop: (loopId: number) => SQL;
}

let subjectLocks: LedgerSubjectLocks | undefined;

/** Hands in the subjects' row locks (once at start-up; instances in one process share them, as they share their code). */
export function registerLedgerSubjects(locks: LedgerSubjectLocks): void {
  subjectLocks = locks;
}

/** The subquery that locks the subject's row; an append before registration is a wiring fault, never "no lock". */
export function subjectKeyShare(subject: LedgerSubject): SQL {
  if (!subjectLocks) throw new Error('ledger: the trade and loop row locks are not registered (register-modules.ts)');
  return subject.tradeId !== undefined ? subjectLocks.trade(subject.tradeId) : subjectLocks.loop(subject.loopId);
}
