import type { ErrorCode } from '@soleswap/contracts/errors';
import { AppError } from '../errors';

/**
 * The one shape of every lifecycle (trades, loops, payments; see
 * docs/decisions/011-one-machine-shape.md). A machine is a pure table whose `decide` answers
 * either a decision (the new status and the named effects to run with it) or a refusal with its
 * reason; it never throws and never touches the database. `allowedActions` is answered from the
 * same table, by asking `decide` about every action.
 */

/** The action is allowed: the status it leads to and the effects to run in the same transaction. */
export interface Decision<Status extends string = string, Effect extends string = string> {
  ok: true;
  status: Status;
  effects: Effect[];
  /** False for a replay the record already reflects (a provider repeating itself): nothing is written. */
  changed?: boolean;
}

/** The action is refused, and `reason` says why (each machine lists its reasons). */
export interface Refusal<Reason extends string = string> {
  ok: false;
  reason: Reason;
}

/** What each refusal reason of one machine answers the caller: an error code of its own and a message. */
export type RefusalAnswers<R extends Refusal> = {
  [K in R['reason']]: { code: ErrorCode; message: (refusal: R) => string };
};

/** Carried as the cause of the AppError a refusal becomes, so logs and tests can read the reason. */
export class TransitionRefused<R extends Refusal = Refusal> extends Error {
  override name = 'TransitionRefused';
  constructor(readonly refusal: R) {
    super(`Transition refused: ${refusal.reason}`);
  }
}

export const isRefusal = <R extends Refusal>(verdict: Decision | R): verdict is R => !verdict.ok;

/** The AppError a refusal becomes: the code and message its machine's table names for the reason. */
export function refusalError<R extends Refusal>(answers: RefusalAnswers<R>, refusal: R): AppError {
  const answer = (answers as Record<string, { code: ErrorCode; message: (r: R) => string }>)[refusal.reason];
  if (!answer) throw new Error(`No answer for the refusal ${refusal.reason}`);
  return new AppError(answer.code, answer.message(refusal), { cause: new TransitionRefused(refusal) });
}

/** The reason an AppError carries when a machine refused, or null for any other error. */
export function refusalReasonOf(error: unknown): string | null {
  return error instanceof AppError && error.cause instanceof TransitionRefused ? error.cause.refusal.reason : null;
}
