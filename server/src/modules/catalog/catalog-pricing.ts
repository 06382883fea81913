import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { findReleaseById, findReleaseByIdentity, type CatalogReleaseRow } from './catalog.repository';

/** What a sneaker copies from the release it links to. */
export interface ReleasePricing {
  catalogReleaseId: number;
  marketPrice: string;
  priceRangeLow: string;
  priceRangeHigh: string;
}

const pricing = (row: CatalogReleaseRow): ReleasePricing => ({
  catalogReleaseId: row.id,
  marketPrice: row.marketPrice,
  priceRangeLow: row.priceRangeLow,
  priceRangeHigh: row.priceRangeHigh,
});

/** The pricing of a release chosen in the add dialog; an unknown id is the caller's mistake (400). */
export async function getReleasePricing(ctx: AppContext, { id }: { id: number }): Promise<ReleasePricing> {
  const row = await findReleaseById(ctx.db, id);
  if (!row) {
    throw new AppError('VALIDATION_FAILED', 'catalogReleaseId: No such release in the catalogue', {
      fields: { catalogReleaseId: 'No such release in the catalogue' },
    });
  }
  return pricing(row);
}

/**
 * The style code of a release, for a pair linked to it without one of its own (see
 * docs/rules/sneakers.md#the-catalogue); null for an unknown id.
 */
export async function findReleaseStyleCode(ctx: AppContext, { id }: { id: number }): Promise<string | null> {
  return (await findReleaseById(ctx.db, id))?.styleCode ?? null;
}

/** "Matched on save" (see docs/rules/sneakers.md#the-catalogue): the release with the same brand, model and colorway, if any. */
export async function matchReleasePricing(
  ctx: AppContext,
  identity: { brand: string; model: string; colorway: string | null },
): Promise<ReleasePricing | null> {
  if (!identity.colorway) return null;
  const row = await findReleaseByIdentity(ctx.db, { ...identity, colorway: identity.colorway });
  return row ? pricing(row) : null;
}
