import type { Db } from '../../db/client';
import type { ParcelRoute } from '../../db/schema/parcels';

/**
 * What the shipping module asks a route about one of its legs, handed in at start-up
 * (handInAcrossModules in register-modules.ts): shipping imports no route.
 */
export interface LabelLegRoute {
  /** The members of the leg (its sender and its receiver), or null when the route has no such leg. */
  parties(db: Db, legKey: string): Promise<string[] | null>;
  /** Where the leg's label is printed (with its packing slip). */
  labelUrl(legKey: string): string;
}

const routes = new Map<ParcelRoute, LabelLegRoute>();

/** A route hands in its legs' parties and label address; answers the earlier hand-in, if any. */
export function registerLabelLegRoute(route: ParcelRoute, leg: LabelLegRoute): LabelLegRoute | undefined {
  const earlier = routes.get(route);
  routes.set(route, leg);
  return earlier;
}

export function labelLegRouteOf(route: ParcelRoute): LabelLegRoute | null {
  return routes.get(route) ?? null;
}
