import { isTransactionOpen } from '../../db/open-transactions';
import { AppError } from '../../errors';
import { PaymentProviderError } from './money-provider';

/**
 * The one provider-step runner (docs/rules/money.md#the-provider-step-runner): every call to a
 * money provider in the product (a membership payment, its refund or cancel, a trade's cash and
 * protection holds authorized, captured, released or authorized again, a payout) is one step of
 * three parts, written once here:
 *
 * 1. `intent`: the intent is recorded (or read) in a short transaction of its own, under an id the
 *    idempotency key names; `skip(result)` answers at once when there is nothing to call;
 * 2. `call`: the provider is called with NO database transaction open (asserted: the step throws
 *    before calling when one is), given up after `timeoutMs`, and its failures become one AppError
 *    (providerFailure);
 * 3. `apply`: the answer is applied in a second short transaction, from the status the intent was
 *    recorded in.
 *
 * A provider that is the database itself (the sandbox's card form) is called inside the caller's
 * transaction and says so (`sameDatabase`). server/src/modules/payments/provider-step.test.ts lists
 * every step and fails on a provider call made anywhere but in a step's `call`.
 */
export interface ProviderStep<Intent, Answer, Result> {
  /** What the step does, for the error a misuse throws: "authorize trade money". */
  name: string;
  /** Records or reads the intent (its own transaction), or skips the step with its result. */
  intent: () => Promise<Intent | Skip<Result>>;
  /** The provider call(s), with no transaction open. */
  call: (intent: Intent) => Promise<Answer>;
  /** Applies the answer (its own transaction). */
  apply: (intent: Intent, answer: Answer) => Promise<Result>;
  /**
   * The provider did not answer (timeout, outage, refusal): the result to give instead, for a step
   * a job retries under the same key. Absent, the failure is thrown (502 for an outage).
   */
  unanswered?: (intent: Intent, failure: AppError) => Result | Promise<Result>;
  /** Abandons the call after this long (a slow provider never stalls a request); none when absent. */
  timeoutMs?: number;
  /** The provider keeps its records in our database (the sandbox's card form): it runs in the caller's transaction. */
  sameDatabase?: boolean;
}

/** The step has nothing to call; `result` is its answer. */
export class Skip<Result> {
  constructor(readonly result: Result) {}
}
export const skip = <Result>(result: Result) => new Skip(result);

/** Thrown when a provider would be called inside a database transaction: a bug, never a member's error. */
export class ProviderCalledInTransaction extends Error {
  override name = 'ProviderCalledInTransaction';
  constructor(step: string) {
    super(`The provider step "${step}" was called with a database transaction open: a provider call must never hold a lock`);
  }
}

/**
 * The one idempotency-key format of every provider write: `soleswap-<step>-<what names the record>`
 * (`soleswap-capture-auth-7`, `soleswap-refund-stripe-pi_1`, `soleswap-membership-<member>-<n>-<price>-<interval>`).
 * Nothing random goes in: a retry after a timeout, a crash or a second instance gives the same key,
 * so the provider does the step once.
 */
export function providerKey(step: string, ...record: ReadonlyArray<string | number>): string {
  return ['soleswap', step, ...record].join('-');
}

/** Runs one provider step: intent, call, apply. */
export async function runProviderStep<Intent, Answer, Result>(step: ProviderStep<Intent, Answer, Result>): Promise<Result> {
  const intent = await step.intent();
  if (intent instanceof Skip) return intent.result as Result;
  if (!step.sameDatabase && isTransactionOpen()) throw new ProviderCalledInTransaction(step.name);
  let answer: Answer;
  try {
    answer = await withinTimeout(step.call(intent), step.timeoutMs);
  } catch (error) {
    const failure = providerFailure(error);
    if (!step.unanswered) throw failure;
    return step.unanswered(intent, failure);
  }
  return step.apply(intent, answer);
}

async function withinTimeout<T>(call: Promise<T>, timeoutMs: number | undefined): Promise<T> {
  if (timeoutMs === undefined) return call;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('The payment provider did not answer in time')), timeoutMs);
  });
  try {
    return await Promise.race([call, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The one error wrapper of provider calls: our own errors pass, a provider's refusal becomes its
 * code (404, 400, 409), and anything else (a network failure, a timeout, the provider's 5xx) is
 * 502 PAYMENT_PROVIDER_UNAVAILABLE, never a 500: nothing was charged by us, and a retry under the
 * same key is safe.
 */
export function providerFailure(error: unknown): AppError {
  if (error instanceof ProviderCalledInTransaction) throw error;
  if (error instanceof AppError) return error;
  if (error instanceof PaymentProviderError) {
    if (error.code === 'PAYMENT_NOT_FOUND') return new AppError('NOT_FOUND', error.message);
    if (error.code === 'CARD_INVALID') return new AppError('VALIDATION_FAILED', error.message, { fields: error.fields });
    if (error.code === 'WEBHOOK_INVALID') return new AppError('WEBHOOK_INVALID', error.message);
    return new AppError('PAYMENT_INVALID_TRANSITION', error.message);
  }
  return new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 'The payment provider could not be reached. Nothing was charged; please try again.', {
    cause: error,
  });
}
