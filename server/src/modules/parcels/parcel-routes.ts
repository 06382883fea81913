import type { Db } from '../../db/client';
import type { ParcelRoute } from '../../db/schema/index';

export type { ParcelRoute };

/**
 * A route's answer to "which of these legs of mine may still be on their way?": the keys (as the
 * route claimed them) of the legs shipped and not arrived, on a trade or loop that has not ended.
 * Read in the claiming transaction `db`, at the time `at`. A leg it leaves out has ended for good:
 * its claim is forgotten.
 */
export type OpenLegs = (db: Db, legs: readonly string[], at: Date) => Promise<ReadonlySet<string>>;

const openLegsByRoute = new Map<ParcelRoute, OpenLegs>();

/**
 * Trades, loops and the centre hand in, at start-up (register-modules.ts), how to tell whether
 * one of their legs is still open: parcels imports none of them. Instances in one process share
 * the registry, as they share their code. Answers the route's earlier answer, if any.
 */
export function registerParcelRoute(route: ParcelRoute, openLegs: OpenLegs): OpenLegs | undefined {
  const earlier = openLegsByRoute.get(route);
  openLegsByRoute.set(route, openLegs);
  return earlier;
}

/** The route's answer; a claim on a route nobody registered is a wiring fault, never "ended". */
export function openLegsOf(route: ParcelRoute): OpenLegs {
  const openLegs = openLegsByRoute.get(route);
  if (!openLegs) throw new Error(`parcels: no route '${route}' is registered (register-modules.ts)`);
  return openLegs;
}
