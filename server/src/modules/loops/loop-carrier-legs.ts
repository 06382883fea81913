import { trackingOf } from '@soleswap/contracts/tracking-numbers';
import type { AppContext } from '../../context';
import { receiveByAfterDelivery, receiveByAfterShipping } from '../../machines/receive-by';
import type { CarrierException, CarrierLeg, CarrierLegHandler } from '../shipping/carrier-leg-handlers';
import { runLoopTransition } from './loop-transition';
import { findLegs, findLegsByIds, findLoop, insertLoopEvent, lockLoop, updateLeg, type LoopLegRow, type LoopRow } from './loops.repository';

/** The loop leg a label names (its id, as text: openLoopParcels' key), or null. */
async function legOf(ctx: AppContext, legKey: string): Promise<LoopLegRow | null> {
  const id = Number(legKey);
  if (!Number.isSafeInteger(id)) return null;
  const [leg] = await findLegsByIds(ctx.db, [id]);
  return leg ?? null;
}

/**
 * The carrier's first scan ships the leg, as if its giver had marked it shipped with the label's
 * number (the loop's 'ship' on their behalf; the loop is told as usual). A leg already shipped, or
 * a loop no longer active, is left alone.
 */
async function shipped(ctx: AppContext, leg: CarrierLeg, at: Date): Promise<void> {
  const row = await legOf(ctx, leg.legKey);
  if (!row || row.shippedAt !== null) return;
  const loop = await findLoop(ctx.db, row.loopId);
  if (!loop || loop.status !== 'active') return;
  await runLoopTransition(ctx, {
    loopId: loop.id,
    actor: { id: row.fromUserId },
    action: 'ship',
    shipment: trackingOf(leg.carrier, leg.trackingNumber) ?? undefined,
    receiveBy: receiveByAfterShipping(at, ctx.env),
  });
}

/**
 * The carrier delivered the leg: its receiver's window opens from the delivery (receive-by =
 * delivered + AUTO_RECEIVE_AFTER_DELIVERY_DAYS), so the loop's deadline sweep confirms it when they
 * neither confirm nor dispute by then. Only on an active loop and a leg not yet confirmed.
 */
async function delivered(ctx: AppContext, leg: CarrierLeg, at: Date): Promise<void> {
  const row = await legOf(ctx, leg.legKey);
  if (!row) return;
  const loop = await lockLoop(ctx.db, row.loopId);
  const [current] = await findLegsByIds(ctx.db, [row.id]);
  if (!loop || loop.status !== 'active' || !current || current.shippedAt === null || current.receivedAt !== null) return;
  const receiveBy = receiveByAfterDelivery(at, ctx.env);
  await updateLeg(ctx.db, row.id, { receiveBy });
  await recordCarrierStep(ctx, loop, 'parcel-delivered', {
    position: row.position,
    deliveredAt: at.toISOString(),
    receiveBy: receiveBy.toISOString(),
  });
}

/**
 * The carrier returns the leg's parcel to its giver or could not deliver it: recorded on the loop's
 * audit trail and told to the members' open pages; nothing ships, completes or closes by it.
 */
async function exception(ctx: AppContext, leg: CarrierLeg, kind: CarrierException, at: Date): Promise<void> {
  const row = await legOf(ctx, leg.legKey);
  if (!row) return;
  const loop = await lockLoop(ctx.db, row.loopId);
  if (!loop || (loop.status !== 'active' && loop.status !== 'disputed')) return;
  await recordCarrierStep(ctx, loop, kind === 'returned' ? 'parcel-returned' : 'parcel-failed', { position: row.position, at: at.toISOString() });
}

/** A carrier's step on the loop's audit trail, and 'loop.changed' once it commits (pages and caches refresh; no notice of its own). */
async function recordCarrierStep(ctx: AppContext, loop: LoopRow, action: string, data: Record<string, unknown>): Promise<void> {
  await insertLoopEvent(ctx.db, {
    loopId: loop.id,
    actorId: null,
    action,
    fromStatus: loop.status,
    toStatus: loop.status,
    data,
    createdAt: ctx.now(),
  });
  const userIds = (await findLegs(ctx.db, [loop.id])).map((l) => l.fromUserId);
  ctx.events.emit('loop.changed', { loopId: loop.id, action, actorId: null, status: loop.status, userIds });
}

/** What the carrier's word does to a loop's legs (handed to shipping in register-modules.ts). */
export const loopCarrierLegs: CarrierLegHandler = { shipped, delivered, exception };
