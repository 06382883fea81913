import { ApiError } from '../../../lib/api-client';

/** The header docs/rules/idempotency.md#the-rule asks every state-changing trade call to carry. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * A random v4 UUID. `crypto.randomUUID` exists only in secure contexts (https or
 * localhost), so plain-http deployments fall back to `getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
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
