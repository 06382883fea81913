import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { detachedFromRequest } from '../db/request-statements';
import { refusedByLimit, hitsPerKey } from './batch-rate-limit';
import { ERROR_STATUS } from './error-status';
import { EventsAfterCommit } from './events-after-commit';
import { errorBody, REPLAYED_HEADER, replayOf, type Answer, type IdempotencyKey } from './idempotency';
import { claimKeys, findStoredKeys, keyIdOf, storeAnswers } from './idempotency-keys-together';
import { countRateLimitHits } from './rate-limit-store';

/** One request handed to a batch. */
export interface BatchedCall<I> {
  userId: string;
  input: I;
  /** Its Idempotency-Key (idempotencyKeyOf), or null without the header. */
  idempotency: IdempotencyKey | null;
  /** The rate-limit counter it is counted on in the batch's transaction; null when counted elsewhere (Redis). */
  countKey: string | null;
}

/**
 * A request's answer: as `idempotent` gives it (refusals included, with Retry-After's seconds for
 * RATE_LIMITED), or `runAlone` when its batch failed and nothing of it was kept: the caller then
 * runs the request on its own, as it would without batches (`error`: why the batch failed, to log).
 */
export type BatchedAnswer = (Answer & { retryAfterSeconds?: number }) | { runAlone: true; error: unknown };

/** What the work makes of one input: the answer's body, or a refusal (a 4xx AppError) made before it wrote anything. */
export type BatchOutcome = { body: unknown } | { refusal: AppError };

export interface BatchWork<I> {
  /** The status of a request the work answered. */
  status: number;
  limit: { max: number; windowMs: number; refusal: (seconds: number) => AppError };
  /**
   * The work of the inputs that got this far, together, in the batch's transaction (`ctx.db`; its
   * events are delivered after commit): one outcome per input, in order. A refusal must come
   * before the input's writes, as nothing of the batch is undone but all of it.
   */
  run: (ctx: AppContext, inputs: I[]) => Promise<BatchOutcome[]>;
}

type Waiting<I> = { call: BatchedCall<I>; settle: (answer: BatchedAnswer) => void };

/** Enough for a burst; more would only make one transaction's locks and statements longer. */
const MAX_BATCH = 64;
/**
 * Batches in flight at once: while one commits, the next is already under way. Their statements
 * take rows in the same order (rate-limit counters, keys, conversations, each sorted, in that
 * order), so they wait on each other rather than deadlock.
 */
const LANES = 2;

/**
 * Group commit for `idempotent` requests (see idempotency.ts): the requests that arrive while a
 * batch is being stored wait, then run together in ONE transaction of a few set-based statements,
 * whatever their number: their rate-limit counts, their keys' claims (retries replay the stored
 * answer), the work, the answers stored, one commit. Each request still gets its own answer or
 * refusal, stored with its key, and a refusal (a 429 or the work's) leaves the others alone. A
 * batch that fails as a whole (a deadlock with another instance, an unexpected error) keeps
 * nothing, and each of its requests is answered `runAlone`.
 *
 * The same (member, key) is never twice in a batch: a retry that arrives while its first request
 * waits runs in a later batch, and replays its answer.
 */
export class IdempotentBatches<I> {
  private pending: Array<Waiting<I>> = [];
  private lanes = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly work: BatchWork<I>,
  ) {}

  submit(call: BatchedCall<I>): Promise<BatchedAnswer> {
    return new Promise((settle) => {
      this.pending.push({ call, settle });
      if (this.lanes < LANES) {
        this.lanes++;
        // The lane runs the batches of every request that joins: no one client's departure cancels them.
        void detachedFromRequest(() => this.lane());
      }
    });
  }

  private async lane() {
    do {
      // Requests whose bodies are still being read join this batch: I/O is handled before
      // setImmediate's callbacks. Without it they wait for the end of the batch on PGlite, whose
      // statements follow one another in promise callbacks, which come before any I/O.
      await new Promise((resolve) => setImmediate(resolve));
      if (this.pending.length > 0) await this.run();
    } while (this.pending.length > 0);
    this.lanes--;
  }

  /** The first MAX_BATCH waiting requests, each (member, key) once; the others keep their turn. */
  private takeBatch(): Array<Waiting<I>> {
    const batch: Array<Waiting<I>> = [];
    const keys = new Set<string>();
    this.pending = this.pending.filter((waiting) => {
      const { idempotency, userId } = waiting.call;
      const id = idempotency ? keyIdOf({ userId, key: idempotency.key }) : null;
      if (batch.length >= MAX_BATCH || (id !== null && keys.has(id))) return true;
      if (id !== null) keys.add(id);
      batch.push(waiting);
      return false;
    });
    return batch;
  }

  /**
   * One batch: its requests are taken once its transaction has begun, so the requests that arrived
   * meanwhile join it (on PGlite, which runs one statement at a time, the transaction waits behind
   * the requests' own session reads, and would otherwise be a batch of one).
   */
  private async run() {
    let batch: Array<Waiting<I>> = [];
    let answers: BatchedAnswer[];
    try {
      answers = await this.answer(() => {
        batch = this.takeBatch();
        return batch.map((waiting) => waiting.call);
      });
    } catch (error) {
      // A transaction that could not even begin took nothing: its requests are sent alone too.
      if (batch.length === 0) batch = this.takeBatch();
      answers = batch.map(() => ({ runAlone: true, error }));
    }
    batch.forEach((waiting, i) => waiting.settle(answers[i]!));
  }

  private async answer(take: () => Array<BatchedCall<I>>): Promise<BatchedAnswer[]> {
    const { ctx, work } = this;
    const events = new EventsAfterCommit(ctx.events);
    const answers = await ctx.db.transaction(async (tx) => {
      const calls = take();
      const answered: Array<BatchedAnswer | undefined> = calls.map(() => undefined);

      // A retry whose key already holds an answer is replayed without work: it is not counted.
      const answeredBefore = await findStoredKeys(
        tx,
        calls.flatMap((call) => (call.idempotency ? [{ userId: call.userId, key: call.idempotency.key }] : [])),
      );
      const isReplay = (call: BatchedCall<I>) =>
        call.idempotency !== null && (answeredBefore.get(keyIdOf({ userId: call.userId, key: call.idempotency.key }))?.statusCode ?? null) !== null;
      const countKeys = calls.map((call) => (isReplay(call) ? null : call.countKey));
      const windows = await countRateLimitHits(tx, hitsPerKey(countKeys), work.limit.windowMs);
      refusedByLimit(countKeys, windows, work.limit.max).forEach((seconds, i) => {
        if (seconds !== null) answered[i] = { ...refused(work.limit.refusal(seconds)), retryAfterSeconds: seconds };
      });

      const keyed = calls.flatMap((call, i) => (answered[i] || !call.idempotency ? [] : [{ i, userId: call.userId, ...call.idempotency }]));
      const claimed = await claimKeys(
        tx,
        keyed.map(({ userId, key, scope, hash }) => ({ userId, key, scope, requestHash: hash })),
        ctx.now(),
      );
      const retries = keyed.filter((row) => !claimed.has(keyIdOf(row)));
      const stored = await findStoredKeys(tx, retries);
      for (const retry of retries) answered[retry.i] = replayOrRefusal(() => replayOf(stored.get(keyIdOf(retry)), retry.hash));

      const working = calls.flatMap((_, i) => (answered[i] ? [] : [i]));
      const outcomes =
        working.length > 0
          ? await work.run(
              { ...ctx, db: tx, events },
              working.map((i) => calls[i]!.input),
            )
          : [];
      working.forEach((i, j) => {
        const outcome = outcomes[j]!;
        answered[i] = 'refusal' in outcome ? refused(outcome.refusal) : { status: work.status, body: outcome.body, replayed: false };
      });

      await storeAnswers(
        tx,
        working.flatMap((i) => {
          const { userId, idempotency } = calls[i]!;
          const answer = answered[i] as Answer;
          return idempotency ? [{ userId, key: idempotency.key, status: answer.status, body: answer.body }] : [];
        }),
      );
      return answered as BatchedAnswer[];
    });
    events.flush();
    return answers;
  }
}

/** A refusal as an answer; an error that is no refusal (a 5xx) fails the batch instead. */
function refused(error: AppError): Answer {
  const status = ERROR_STATUS[error.code];
  if (status >= 500) throw error;
  return { status, body: errorBody(error), replayed: false, refusal: error };
}

function replayOrRefusal(replay: () => Answer): Answer {
  try {
    return replay();
  } catch (error) {
    if (error instanceof AppError) return refused(error);
    throw error;
  }
}

/** Sends a batched request's answer as `idempotent` would: its status and body, or its refusal thrown for the error handler. */
export function replyWith(reply: FastifyReply, answer: Answer & { retryAfterSeconds?: number }): unknown {
  if (answer.retryAfterSeconds !== undefined) reply.header('retry-after', String(answer.retryAfterSeconds));
  if (answer.refusal) throw answer.refusal;
  if (answer.replayed) reply.header(REPLAYED_HEADER, 'true');
  reply.status(answer.status);
  return answer.body;
}
