import type StripeSdk from 'stripe';

let loading: Promise<typeof StripeSdk> | undefined;

/**
 * Stripe's SDK, imported on first use rather than at start: most installations take payments
 * through the built-in sandbox and never need it, and importing it costs start-up time.
 */
export function loadStripeSdk(): Promise<typeof StripeSdk> {
  return (loading ??= import('stripe').then((module) => module.default));
}
