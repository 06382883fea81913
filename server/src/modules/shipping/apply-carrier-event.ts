import { isCarrier, type CarrierStatus } from '@soleswap/contracts/shipping';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { inTransaction } from '../../http/events-after-commit';
import { carrierLegHandlerOf, type CarrierLeg, type CarrierLegHandler } from './carrier-leg-handlers';
import { insertCarrierEvent, latestCarrierEvent, lockLabel, updateLabel, type LabelRow } from './carrier-events.repository';

/** One thing the carrier said about a label, as a provider (webhook, poll, the sandbox's control) reports it. */
export interface CarrierEventInput {
  labelId: number;
  /** The provider's id of the event: the same id is applied once, whoever reports it and however often. */
  providerEventId: string;
  status: CarrierStatus;
  message: string;
  location: string | null;
  occurredAt: Date;
  /** The postal code the carrier reports delivering to, when it says. */
  postalCode?: string | null;
}

/**
 * - applied: recorded, the label and the leg moved;
 * - already-applied: that provider event id was applied before: nothing changed;
 * - unknown-label: no bought label has that id (nothing recorded).
 * `refused`: the leg's route refused the step (a trade no longer accepting it); the event is still recorded.
 */
export interface CarrierEventOutcome {
  outcome: 'applied' | 'already-applied' | 'unknown-label';
  refused?: string;
}

/** The statuses that mean the carrier has the parcel on its way or delivered it: the first of them ships the leg. */
const SHIPPING_SCANS: readonly CarrierStatus[] = ['in_transit', 'out_for_delivery', 'delivered'];

/**
 * Applies one carrier event to its label and the label's leg (docs/rules/shipping.md#carrier-events),
 * in one transaction, the label's row locked so events on one label take turns: the event is
 * recorded once by its provider event id (a replay answers 'already-applied' and changes nothing),
 * the label takes the status of its latest event by the carrier's time, its first scan, delivery
 * and the carrier's postal code; then the leg's route (handed in, carrier-leg-handlers.ts) hears of
 * it: the first scan ships the leg, a delivery opens its receive window, a return to sender or a
 * failure becomes the route's event with its notices. Events the route raises wait for the commit.
 * No provider is called here.
 */
export async function applyCarrierEvent(ctx: AppContext, input: CarrierEventInput): Promise<CarrierEventOutcome> {
  return inTransaction(ctx, async (txCtx) => {
    const label = await lockLabel(txCtx.db, input.labelId);
    if (!label || label.purchase !== 'bought' || !label.trackingNumber || !label.carrier || !isCarrier(label.carrier)) {
      return { outcome: 'unknown-label' };
    }
    const recorded = await insertCarrierEvent(txCtx.db, {
      providerEventId: input.providerEventId,
      labelId: label.id,
      status: input.status,
      message: input.message,
      location: input.location,
      occurredAt: input.occurredAt,
      receivedAt: txCtx.now(),
    });
    if (!recorded) return { outcome: 'already-applied' };

    const latest = await latestCarrierEvent(txCtx.db, label.id);
    const isShippingScan = SHIPPING_SCANS.includes(input.status);
    const isFirstScan = isShippingScan && label.firstScanAt === null;
    const isDelivery = input.status === 'delivered' && label.deliveredAt === null;
    await updateLabel(txCtx.db, label.id, {
      status: latest?.status ?? input.status,
      ...(isFirstScan ? { firstScanAt: input.occurredAt } : {}),
      ...(isDelivery ? { deliveredAt: input.occurredAt } : {}),
      ...(input.postalCode ? { carrierPostalCode: input.postalCode } : {}),
    });

    const handler = carrierLegHandlerOf(label.route);
    if (!handler) return { outcome: 'applied' };
    const leg: CarrierLeg = { legKey: label.legKey, trackingNumber: label.trackingNumber, carrier: label.carrier };
    const refused = await refusalOf(txCtx, (stepCtx) => moveLeg(stepCtx, handler, leg, label, input, { isFirstScan, isDelivery }));
    return refused ? { outcome: 'applied', refused } : { outcome: 'applied' };
  });
}

/** What the leg does with the event: ship on the first scan (a delivery with no scan before ships it first), then the delivery or the exception. */
async function moveLeg(
  ctx: AppContext,
  handler: CarrierLegHandler,
  leg: CarrierLeg,
  label: LabelRow,
  input: CarrierEventInput,
  { isFirstScan, isDelivery }: { isFirstScan: boolean; isDelivery: boolean },
): Promise<void> {
  if (isFirstScan) await handler.shipped(ctx, leg, input.occurredAt);
  if (isDelivery) await handler.delivered(ctx, leg, input.occurredAt);
  // Told once per status: a second event saying the same (another id) tells nobody again.
  if (input.status === 'return_to_sender' && label.status !== 'return_to_sender') await handler.exception(ctx, leg, 'returned', input.occurredAt);
  if (input.status === 'failure' && label.status !== 'failure') await handler.exception(ctx, leg, 'failure', input.occurredAt);
}

/**
 * Runs the route's step in a savepoint: a refusal of the route (the trade was cancelled at its ship
 * deadline, the number is on another open parcel) undoes the step alone and is answered in words;
 * the carrier's event stays recorded, so the provider is not asked to send it again and again.
 */
async function refusalOf(ctx: AppContext, step: (stepCtx: AppContext) => Promise<void>): Promise<string | null> {
  try {
    await inTransaction(ctx, step);
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}
