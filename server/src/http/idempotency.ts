import { createHash } from 'node:crypto';
import { and, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@soleswap/contracts/errors';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { isDeadlock } from '../db/request-statements';
import { idempotencyKeys } from '../db/schema/index';
import { AppError } from '../errors';
import { ERROR_STATUS } from './error-status';
import { EventsAfterCommit } from './events-after-commit';
import { stableJson } from './json-body';

/**
 * Idempotency-Key support for state-changing calls. The first answer to a (member, key) is
 * stored for 24 hours and replayed to every retry; the same key with another method, path or
 * body is refused with 422 IDEMPOTENCY_MISMATCH.
 *
 * The key is claimed, the work runs and the answer is stored in ONE transaction, so they commit
 * together or not at all: a process killed at any point leaves either the work and its answer,
 * or nothing, and a retry replays the answer or runs the work afresh. A concurrent duplicate
 * waits on the claimed key (PostgreSQL blocks the second insert on the unique key; PGlite runs
 * one transaction at a time) and then replays the first one's answer.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long an answer is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
/**
 * The status a key claimed by `claimFirst` work carries until its answer is stored (HTTP's own
 * "Processing"): committed before the work, so it marks a live request, taken over only once
 * CLAIM_ABANDONED_AFTER_MS have passed (its process died).
 */
const IN_PROGRESS_STATUS = 102;
const CLAIM_ABANDONED_AFTER_MS = 5 * 60 * 1000;

/** Set on a replayed answer so clients and logs can tell. */
export const REPLAYED_HEADER = 'idempotent-replayed';

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${stableJson(request.body ?? null)}`)
    .digest('hex');
}

/** A request's Idempotency-Key with what a retry must match: the request's hash and its scope (method and path). */
export interface IdempotencyKey {
  key: string;
  hash: string;
  scope: string;
}

/** The request's Idempotency-Key, null without the header; VALIDATION_FAILED when it is malformed. */
export function idempotencyKeyOf(request: FastifyRequest): IdempotencyKey | null {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !KEY_FORMAT.test(header)) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 1 to 255 visible characters');
  }
  return { key: header, hash: requestHash(request), scope: `${request.method} ${request.url.split('?')[0]}` };
}

/**
 * Claims the key inside the caller's transaction; false when an answer is already stored. An
 * expired answer is taken over, and so is a claim without an answer: such a row can only be left
 * by the earlier scheme, which claimed keys in a statement of their own, and is never a live request.
 */
async function claimKey(db: Db, row: { userId: string; key: string; scope: string; requestHash: string; now: Date; statusCode?: number }) {
  const expiredBefore = new Date(row.now.getTime() - IDEMPOTENCY_TTL_MS);
  const abandonedBefore = new Date(row.now.getTime() - CLAIM_ABANDONED_AFTER_MS);
  const claimed = await db
    .insert(idempotencyKeys)
    .values({
      userId: row.userId,
      key: row.key,
      scope: row.scope,
      requestHash: row.requestHash,
      createdAt: row.now,
      statusCode: row.statusCode ?? null,
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: {
        scope: sql`excluded.scope`,
        requestHash: sql`excluded.request_hash`,
        statusCode: sql`excluded.status_code`,
        responseBody: null,
        createdAt: sql`excluded.created_at`,
      },
      setWhere: sql`${idempotencyKeys.createdAt} < ${expiredBefore} or ${idempotencyKeys.statusCode} is null or (${idempotencyKeys.statusCode} = ${IN_PROGRESS_STATUS} and ${idempotencyKeys.createdAt} < ${abandonedBefore})`,
    })
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

const byKey = (userId: string, key: string) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

async function storeAnswer(db: Db, userId: string, key: string, statusCode: number, body: unknown) {
  await db
    .update(idempotencyKeys)
    .set({ statusCode, responseBody: body ?? null })
    .where(byKey(userId, key));
}

export interface Answer {
  status: number;
  body: unknown;
  replayed: boolean;
  /** A domain refusal: stored as the answer, then thrown after commit for the error handler. */
  refusal?: AppError;
}

/** A key's stored row, as far as a retry needs it. */
export interface StoredKey {
  requestHash: string;
  statusCode: number | null;
  responseBody: unknown;
}

/**
 * The answer a retry of a key someone else claimed gets: the stored one, or 422 when the key was
 * used for another request (another hash), or 409 when it has no answer yet.
 */
export function replayOf(existing: StoredKey | undefined, hash: string): Answer {
  if (existing && existing.requestHash !== hash) {
    throw new AppError('IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was already used for a different request');
  }
  if (!existing || existing.statusCode === null || existing.statusCode === IN_PROGRESS_STATUS) {
    throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still in progress. Retry in a moment.');
  }
  return { status: existing.statusCode, body: existing.responseBody, replayed: true };
}

/** The stored answer to a key someone else claimed (see replayOf). */
async function storedAnswer(db: Db, userId: string, key: string, hash: string): Promise<Answer> {
  const [existing] = await db.select().from(idempotencyKeys).where(byKey(userId, key));
  return replayOf(existing, hash);
}

/**
 * What `work` returns for a refusal whose work must be kept, not undone: a declined card is
 * recorded on the payment, and the member is still answered with the decline (402).
 */
export class RefusalAfterWork {
  constructor(readonly error: AppError) {}
}

export const errorBody = (error: AppError): ErrorBody => ({
  code: error.code,
  message: error.message,
  ...(error.fields ? { fields: error.fields } : {}),
});

/**
 * Runs `work` at most once per Idempotency-Key and answers with `status` (or replays the first
 * answer). `work` receives the context to use: with a key, its `db` is the key's transaction
 * (a service's own `transaction()` on it becomes a savepoint) and its events are delivered only
 * after commit. Without the header it simply runs `work` on the app's context. Domain errors
 * (4xx) undo the work and are stored as the answer; an unexpected failure rolls everything back,
 * key included, so a retry runs afresh.
 *
 * `countFirst` is a count that goes with the call (a rate limit, which throws its refusal): it runs
 * before the work, in the key's transaction when there is a key (after the key is claimed: a
 * replayed answer is not counted), so the count commits with the work and its answer (one commit
 * for the whole call) and a refusal leaves nothing behind; without a key, on its own before the work.
 *
 * `refusesBeforeWriting` promises that `work` throws its refusals (AppErrors) before it writes
 * anything, and runs no statement that fails with one: it then runs in the key's transaction
 * itself, without a savepoint, as a refusal leaves nothing to undo. *
 * `claimFirst` is for work that calls a network service: the key is committed before it and the
 * work holds no transaction across the call (see claimedFirst).
 */
export async function idempotent<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { userId: string; status?: number; countFirst?: (db: Db) => Promise<void>; refusesBeforeWriting?: boolean; claimFirst?: boolean },
  work: (ctx: AppContext) => Promise<T>,
): Promise<T | unknown> {
  const status = options.status ?? 200;
  const { ctx } = request.server;
  const keyed = idempotencyKeyOf(request);
  if (!keyed) {
    await options.countFirst?.(ctx.db);
    const body = await work(ctx);
    if (body instanceof RefusalAfterWork) throw body.error;
    reply.status(status);
    return body;
  }
  if (options.claimFirst) return claimedFirst(request, reply, { ...options, status }, keyed, work);
  const { key, hash, scope } = keyed;
  const { userId } = options;
  let events = new EventsAfterCommit(ctx.events);

  const attempt = () =>
    ctx.db.transaction(async (tx): Promise<Answer> => {
      if (!(await claimKey(tx, { userId, key, scope, requestHash: hash, now: ctx.now() }))) {
        return storedAnswer(tx, userId, key, hash);
      }
      // Counted once the key is claimed: a replay does no work, so it uses up no limit. A refusal
      // (RATE_LIMITED) rolls the claim back with the count, and a retry after the wait runs afresh.
      await options.countFirst?.(tx);
      try {
        // In a savepoint, so that a refusal undoes the work but keeps the claim to store it on; work
        // that refuses before it writes has nothing to undo, and runs without (two round trips fewer).
        const body = options.refusesBeforeWriting
          ? await work({ ...ctx, db: tx, events })
          : await tx.transaction((workTx) => work({ ...ctx, db: workTx, events }));
        if (body instanceof RefusalAfterWork) {
          const refusalStatus = ERROR_STATUS[body.error.code];
          await storeAnswer(tx, userId, key, refusalStatus, errorBody(body.error));
          return { status: refusalStatus, body: errorBody(body.error), replayed: false, refusal: body.error };
        }
        await storeAnswer(tx, userId, key, status, body);
        return { status, body, replayed: false };
      } catch (error) {
        if (!(error instanceof AppError) || ERROR_STATUS[error.code] >= 500) throw error;
        const body = errorBody(error);
        await storeAnswer(tx, userId, key, ERROR_STATUS[error.code], body);
        return { status: ERROR_STATUS[error.code], body, replayed: false, refusal: error };
      }
    });
  let answer: Answer;
  try {
    answer = await attempt();
  } catch (error) {
    // PostgreSQL ended this transaction to break a deadlock (posts of one member sent at once: the
    // key, the member's rate-limit row and the conversation, taken in different orders). Nothing
    // of it was kept, the key included, so it runs again once, with its events afresh.
    if (!isDeadlock(error)) throw error;
    events = new EventsAfterCommit(ctx.events);
    answer = await attempt();
  }

  if (answer.refusal) throw answer.refusal;
  events.flush();
  if (answer.replayed) reply.header(REPLAYED_HEADER, 'true');
  reply.status(answer.status);
  return answer.body;
}

/**
 * `idempotent` for work that calls a network service (a payment provider), which must never run
 * inside a transaction: one slow call would hold its locks, and on PGlite stall every request.
 * The key is claimed as IN_PROGRESS_STATUS and committed first (a duplicate meanwhile gets
 * 409 CONFLICT, retry in a moment), then `work` runs on the app's context with transactions of its
 * own, then its answer is stored. The work must be safe to run again (idempotency keys at the
 * provider, writes that re-read and apply only from the state they expect): a failure (5xx)
 * releases the key, and a process that dies mid-work leaves a claim a retry takes over after
 * CLAIM_ABANDONED_AFTER_MS. A refusal (4xx) is stored and replayed like an answer.
 */
async function claimedFirst<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { userId: string; status: number; countFirst?: (db: Db) => Promise<void> },
  { key, hash, scope }: IdempotencyKey,
  work: (ctx: AppContext) => Promise<T>,
): Promise<T | unknown> {
  const { ctx } = request.server;
  const { userId, status } = options;
  const claimedAt = ctx.now();
  const replay = await ctx.db.transaction(async (tx): Promise<Answer | null> => {
    const row = { userId, key, scope, requestHash: hash, now: claimedAt, statusCode: IN_PROGRESS_STATUS };
    if (!(await claimKey(tx, row))) return storedAnswer(tx, userId, key, hash);
    await options.countFirst?.(tx);
    return null;
  });
  if (replay) {
    reply.header(REPLAYED_HEADER, 'true');
    reply.status(replay.status);
    return replay.body;
  }
  // Only this claim is answered or released: a retry that took an abandoned claim over owns the key.
  const ours = and(byKey(userId, key), eq(idempotencyKeys.statusCode, IN_PROGRESS_STATUS), eq(idempotencyKeys.createdAt, claimedAt));
  let answer: Answer;
  try {
    const body = await work(ctx);
    answer =
      body instanceof RefusalAfterWork
        ? { status: ERROR_STATUS[body.error.code], body: errorBody(body.error), replayed: false, refusal: body.error }
        : { status, body, replayed: false };
  } catch (error) {
    if (!(error instanceof AppError) || ERROR_STATUS[error.code] >= 500) {
      await ctx.db.delete(idempotencyKeys).where(ours);
      throw error;
    }
    answer = { status: ERROR_STATUS[error.code], body: errorBody(error), replayed: false, refusal: error };
  }
  await ctx.db
    .update(idempotencyKeys)
    .set({ statusCode: answer.status, responseBody: answer.body ?? null })
    .where(ours);
  if (answer.refusal) throw answer.refusal;
  reply.status(answer.status);
  return answer.body;
}

/**
 * True when the request carries an Idempotency-Key of the signed-in member that already holds an
 * answer for this method and path: the request will be replayed (or refused as a mismatch) without
 * doing any work, so rate limits do not count it (the rate-limit plugin's allowList, which runs
 * before the body is read).
 */
export async function isAnsweredKey(db: Db, request: FastifyRequest, now: Date): Promise<boolean> {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const userId = request.session?.get('userId');
  if (typeof header !== 'string' || !KEY_FORMAT.test(header) || typeof userId !== 'string') return false;
  const [row] = await db
    .select({ statusCode: idempotencyKeys.statusCode })
    .from(idempotencyKeys)
    .where(
      and(
        byKey(userId, header),
        eq(idempotencyKeys.scope, `${request.method} ${request.url.split('?')[0]}`),
        gt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)),
        isNotNull(idempotencyKeys.statusCode),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Deletes answers older than IDEMPOTENCY_TTL_MS (a recurring job); returns how many. */
export async function sweepIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
