import type { MarketWantlists } from '../loops/market-wantlists';
import * as wants from './wants.repository';

/**
 * What other modules may read on wants (the wants module owns wants and matches): the loops
 * market reads every want in one statement. Loops does not import wants (wants builds its
 * matches on the loop market), so this reader is handed to it: at registration, in the job
 * registry, and by wants' own match finders.
 */
export const marketWantlists: MarketWantlists = {
  wantedReleasesSubquery: () => wants.wantedReleasesSubquery(),
  findWantsOfOffered: (db, offered) => wants.findWantsOfOffered(db, offered),
};
