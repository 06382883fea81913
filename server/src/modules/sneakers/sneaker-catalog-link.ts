import type { AppContext } from '../../context';
import { getReleasePricing, matchReleasePricing, type ReleasePricing } from '../catalog/catalog-pricing';

/**
 * The catalogue link of a sneaker being saved (see docs/rules/sneakers.md#the-catalogue): the release the member chose,
 * else one matching brand, model and colorway exactly. Undefined: leave the link as it is.
 */
export async function resolveCatalogLink(
  ctx: AppContext,
  input: { catalogReleaseId?: number | null; brand: string; model: string; colorway: string | null; identityChanged: boolean },
): Promise<ReleasePricing | { catalogReleaseId: null } | undefined> {
  if (input.catalogReleaseId === null) return { catalogReleaseId: null };
  if (input.catalogReleaseId !== undefined) return getReleasePricing(ctx, { id: input.catalogReleaseId });
  if (!input.identityChanged) return undefined;
  return (await matchReleasePricing(ctx, input)) ?? undefined;
}
