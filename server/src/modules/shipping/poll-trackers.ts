import type { AppContext } from '../../context';
import { runProviderStep } from '../payments/provider-step';
import { applyTrackerEvents } from './apply-tracker';
import { findLabelsToPoll, updateLabel } from './carrier-events.repository';
import { rethrowShippingFailure } from './shipping-failure';
import { shippingProviderFor } from './shipping-providers';
import type { Tracker } from './shipping-provider';

/** The recurring job's kind (register-jobs.ts). */
export const POLL_TRACKERS_JOB = 'shipping.poll-trackers';
/** How often it runs. */
export const POLL_TRACKERS_EVERY_MS = 15 * 60 * 1000;
/** A label heard of (by a webhook or a poll) within this long is not asked about again. */
export const POLL_QUIET_MS = 60 * 60 * 1000;
/** The most labels one run asks about; the longest unasked go first, the rest wait for the next run. */
export const POLL_BATCH = 100;
/** A provider that does not answer a tracker within this long is asked again on the next run. */
const POLL_TIMEOUT_MS = 15 * 1000;

export interface PollOutcome {
  /** Labels whose tracker was read. */
  checked: number[];
  /** Carrier events applied that no webhook had brought. */
  applied: number;
  /** Labels whose provider did not answer this time (timeout, outage). */
  unanswered: number[];
}

/**
 * The `shipping.poll-trackers` job (docs/rules/shipping.md#carrier-events): for bought labels whose
 * carrier has not said its last word (not delivered, returned or failed) and that were not heard
 * of within POLL_QUIET_MS, asks the provider for the tracker (getTracker, with no transaction open)
 * and applies every event not applied yet, by its provider event id: a webhook that never came
 * is caught within the hour. A provider that fails is asked again next run; the label is not marked heard of.
 */
export async function pollTrackers(ctx: AppContext): Promise<PollOutcome> {
  const outcome: PollOutcome = { checked: [], applied: 0, unanswered: [] };
  const labels = await findLabelsToPoll(ctx.db, new Date(ctx.now().getTime() - POLL_QUIET_MS), POLL_BATCH);
  if (labels.length === 0) return outcome;
  const provider = shippingProviderFor(ctx);
  for (const label of labels) {
    const trackerId = label.providerTrackerId;
    if (!trackerId) {
      // Nothing to ask about (a typed number whose tracker was never made): not asked again for a while.
      await updateLabel(ctx.db, label.id, { checkedAt: ctx.now() });
      continue;
    }
    const tracker = await runProviderStep<string, Tracker, Tracker | null>({
      name: 'read a shipping tracker',
      intent: async () => trackerId,
      call: (id) => provider.getTracker(id).catch(rethrowShippingFailure),
      apply: async (_id, answer) => answer,
      unanswered: () => null,
      timeoutMs: POLL_TIMEOUT_MS,
    });
    if (!tracker) {
      outcome.unanswered.push(label.id);
      continue;
    }
    outcome.checked.push(label.id);
    outcome.applied += (await applyTrackerEvents(ctx, label.id, tracker)).applied;
  }
  return outcome;
}
