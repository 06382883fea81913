import type { AppContext } from '../../context';
import { applyCarrierEvent } from './apply-carrier-event';
import { updateLabel } from './carrier-events.repository';
import type { Tracker } from './shipping-provider';

export interface TrackerOutcome {
  /** Events applied now. */
  applied: number;
  /** Events applied before (by a webhook, a poll or the sandbox's control): nothing changed by them. */
  alreadyApplied: number;
  /** What the leg's route refused, in words (the events are still recorded). */
  refused: string[];
}

/**
 * Applies a tracker's events to its label, oldest first, each once by its provider event id and in
 * its own transaction (applyCarrierEvent), then notes when the label was last heard of, so the
 * polling job leaves it alone for a while. Called with no transaction open, after the provider answered.
 */
export async function applyTrackerEvents(ctx: AppContext, labelId: number, tracker: Tracker): Promise<TrackerOutcome> {
  const outcome: TrackerOutcome = { applied: 0, alreadyApplied: 0, refused: [] };
  for (const event of tracker.events) {
    const result = await applyCarrierEvent(ctx, { labelId, ...event, postalCode: tracker.destinationPostalCode });
    if (result.outcome === 'applied') outcome.applied += 1;
    if (result.outcome === 'already-applied') outcome.alreadyApplied += 1;
    if (result.refused) outcome.refused.push(result.refused);
  }
  await updateLabel(ctx.db, labelId, { checkedAt: ctx.now() });
  return outcome;
}
