import type { SQL, SQLWrapper } from 'drizzle-orm';
import { BLOCKED_MESSAGE } from '@soleswap/contracts/blocks';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import {
  existsBlockEitherWay,
  findBlockedEitherWayIds,
  findBlocksAmong,
  lockPair,
  noBlockEitherWaySql,
  sharedPairLockSql,
} from './blocks.repository';

/**
 * The one check every module calls before two members interact (a proposal, a counter-offer, a
 * follow, a chat message): true when either blocks the other. Pass the caller's transaction:
 * it also takes the pair's shared lock until commit, so a block made at the same moment waits
 * for this work and then undoes it (or this work sees the block).
 */
export async function isBlockedEitherWay(tx: Db, a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  await lockPair(tx, a, b, 'shared');
  return existsBlockEitherWay(tx, a, b);
}

/*
 * isBlockedEitherWay split in two, for a write that wants no statement of its own for either half
 * (posting a chat message): the pair's shared lock as an SQL expression, to put in a statement the
 * write runs anyway (the read that finds the pair), and the check as an SQL condition, for the
 * statement that writes. The lock must be taken by an EARLIER statement of the same transaction
 * than the check: a statement reads the data as it was when it started, so a check in the very
 * statement that waited for a blocker's lock would not see the block committed meanwhile.
 */

/** Scalar: takes the pair's shared lock until the transaction ends (its value means nothing). `a`, `b`: the members' ids, or columns. */
export function pairLockSql(a: SQLWrapper, b: SQLWrapper): SQL {
  return sharedPairLockSql(a, b);
}

/** Boolean: true when neither member blocks the other (take pairLockSql in an earlier statement). */
export function noBlockBetweenSql(a: SQLWrapper, b: SQLWrapper): SQL {
  return noBlockEitherWaySql(a, b);
}

/** The pair's shared lock on its own, for the check in a later statement (see pairLockSql). */
export async function lockPairForWriting(tx: Db, a: string, b: string): Promise<void> {
  if (a !== b) await lockPair(tx, a, b, 'shared');
}

/**
 * The same question for reads (whether to show one member's listings to another): no lock, as
 * nothing is written on the strength of the answer.
 */
export async function hasBlockBetween(db: Db, a: string, b: string): Promise<boolean> {
  return a !== b && existsBlockEitherWay(db, a, b);
}

/** Throws BLOCKED (403) when a block stands between the two, without saying who blocked whom. */
export async function assertNotBlocked(tx: Db, a: string, b: string): Promise<void> {
  if (await isBlockedEitherWay(tx, a, b)) throw new AppError('BLOCKED', BLOCKED_MESSAGE);
}

/** Members whose listings `viewerId` must not see (and who must not see theirs): blocks either way. */
export async function findBlockedMemberIds(db: Db, viewerId: string): Promise<string[]> {
  return findBlockedEitherWayIds(db, viewerId);
}

/**
 * The blocks among a set of members (a market, a loop's members), as pairs: set-based work that
 * pairs members up (loop clearing, two-way matches) drops these pairs in one pass.
 */
export async function findBlockedPairsAmong(db: Db, memberIds: readonly string[]): Promise<Array<[string, string]>> {
  return findBlocksAmong(db, [...new Set(memberIds)]);
}
