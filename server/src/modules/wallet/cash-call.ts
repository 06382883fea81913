/** How long one provider call may take before its step is abandoned (and retried under the same key): the runner's `timeoutMs` (payments/provider-step.ts). */
export const CASH_CALL_TIMEOUT_MS = 10_000;
