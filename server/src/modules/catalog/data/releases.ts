import type { CatalogReleaseSeed } from '../catalog-release-seed';
import { JORDAN_RELEASES } from './releases-jordan';
import { NIKE_RELEASES } from './releases-nike';
import { OTHER_BRAND_RELEASES } from './releases-other-brands';

/**
 * The catalogue shipped with the app: the 100 most popular releases of 2024–2025,
 * most popular first. Kept in per-brand files so each stays reviewable; "Update Library"
 * upserts these by style code.
 */
export const CATALOG_RELEASES: CatalogReleaseSeed[] = [
  ...JORDAN_RELEASES,
  ...NIKE_RELEASES,
  ...OTHER_BRAND_RELEASES,
].sort((a, b) => a.popularityRank - b.popularityRank);
