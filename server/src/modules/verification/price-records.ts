/**
 * What other modules may read on price snapshots (the verification module records them). The
 * readers take many sneakers at once, so a collection costs one statement whatever its size.
 */
export { findSnapshotsOfSneakers, latestSnapshotIdSql, snapshotsBeingWrittenSql, type SneakerPricePoint } from './price-history.repository';
