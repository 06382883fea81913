/** What other modules may read on catalogue releases (the catalog module owns the table). */
export { findReleaseById, type CatalogReleaseRow } from './catalog.repository';
export { findReleasePriceRange, releasePricesSubquery } from './release-records.repository';
