/** What other modules may read on catalogue releases (the catalog module owns the table). */
export { findReleaseById, type CatalogReleaseRow } from './catalog.repository';
export { findReleasePriceRange, findReleaseSummaries, releasePricesSubquery } from './release-records.repository';
