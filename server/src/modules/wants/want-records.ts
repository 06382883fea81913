/**
 * What other modules may read on wants (the wants module owns wants and matches): the loops
 * market reads every want in one statement.
 */
export { findWantsOfOffered, wantedReleasesSubquery, type MarketWantRow } from './wants.repository';
