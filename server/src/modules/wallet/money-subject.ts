import type { LedgerSubject } from '../ledger/ledger-subjects';

/**
 * Whose money a row is: a two-member trade's or a loop's (migration 0069), never both. The same
 * shape the ledger keys its entries by, so a money step writes its entry under the same subject.
 */
export type MoneySubject = LedgerSubject;

/** The subject of a stored row that carries both columns, one of them null. */
export function moneySubjectOf(row: { tradeId: number | null; loopId: number | null }): MoneySubject {
  if (row.loopId !== null) return { loopId: row.loopId };
  if (row.tradeId === null) throw new Error('a money row belongs to a trade or a loop');
  return { tradeId: row.tradeId };
}

/** The columns a new row of this subject is written with. */
export function subjectColumns(subject: MoneySubject): { tradeId: number | null; loopId: number | null } {
  return { tradeId: subject.tradeId ?? null, loopId: subject.loopId ?? null };
}

/**
 * The trade of a row only a trade has: an appeal is of a capture for a pair that failed at the
 * authentication centre, which no loop leg goes through.
 */
export function tradeIdOf(row: { tradeId: number | null }): number {
  if (row.tradeId === null) throw new Error('only a trade’s captured hold is appealed');
  return row.tradeId;
}
