import { ApiError } from './api-client';
import { randomUuid } from './random-uuid';

/** The header docs/rules/idempotency.md#the-rule asks every state-changing call that a retry could double to carry. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A fresh key for one member action (docs/rules/idempotency.md): a random UUID, on plain http too. */
export function newIdempotencyKey(): string {
  return randomUuid();
}

/**
 * True when the server may never have answered the request (network failure or a
 * 5xx, which the server does not store), so repeating the same click must reuse the
 * key. A 4xx is a stored answer: a new click deserves a fresh attempt.
 */
export function isRetryableFailure(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}

export interface IdempotencyKeeper {
  /** The key for an attempt with these variables: the previous one when this repeats an unanswered attempt. */
  keyFor(variables: unknown): string;
  /** Records how the attempt ended; only an unanswered failure keeps its key for the retry. */
  settle(error?: unknown): void;
}

/** One user action's key: kept across retries of the same click, replaced for anything else. */
export function createIdempotencyKeeper(makeKey: () => string = newIdempotencyKey): IdempotencyKeeper {
  let current: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(variables) {
      const fingerprint = JSON.stringify(variables ?? null);
      if (current?.fingerprint !== fingerprint) current = { fingerprint, key: makeKey() };
      return current.key;
    },
    settle(error) {
      if (error === undefined || !isRetryableFailure(error)) current = null;
    },
  };
}
