import type { Carrier } from '@soleswap/contracts/shipping';
import type { AppContext } from '../../context';
import type { ParcelRoute } from '../../db/schema/parcels';

/** The leg a carrier event is about, as its label names it. */
export interface CarrierLeg {
  /** The route's key for the leg: `<trade id>:<side>`, a loop leg's id, an inspection's id. */
  legKey: string;
  trackingNumber: string;
  carrier: Carrier;
}

/** What the carrier said went wrong: the parcel is going back to its sender, or it could not be delivered. */
export type CarrierException = 'returned' | 'failure';

/**
 * What a route does when the carrier speaks about one of its legs (docs/rules/shipping.md#carrier-events).
 * Each runs inside the transaction that records the carrier event (`ctx.db` is it, and `ctx.events`
 * wait for its commit): a refusal rolls the event back with it. A leg that has ended, or that a
 * member already moved further, is left alone: the handler answers without doing anything.
 */
export interface CarrierLegHandler {
  /** The carrier's first scan: the leg is shipped, by its sender, at `at`. */
  shipped(ctx: AppContext, leg: CarrierLeg, at: Date): Promise<void>;
  /** The carrier delivered it at `at`: the receive window opens (receive-by = at + AUTO_RECEIVE_AFTER_DELIVERY_DAYS). */
  delivered(ctx: AppContext, leg: CarrierLeg, at: Date): Promise<void>;
  /** Returned to sender, or a delivery failure: the route's event and its notices; nothing completes. */
  exception(ctx: AppContext, leg: CarrierLeg, kind: CarrierException, at: Date): Promise<void>;
}

const handlersByRoute = new Map<ParcelRoute, CarrierLegHandler>();

/**
 * Trades, loops and the centre hand in, at start-up (handInAcrossModules in register-modules.ts),
 * what the carrier's word does to their legs: shipping imports none of them. Answers the route's
 * earlier handler, if any.
 */
export function registerCarrierLegHandler(route: ParcelRoute, handler: CarrierLegHandler): CarrierLegHandler | undefined {
  const earlier = handlersByRoute.get(route);
  handlersByRoute.set(route, handler);
  return earlier;
}

/** The route's handler, or null when no module drives that route's legs from carrier events yet (the event is still recorded). */
export function carrierLegHandlerOf(route: ParcelRoute): CarrierLegHandler | null {
  return handlersByRoute.get(route) ?? null;
}
