/**
 * What other modules may read and change on trades and ratings (the trades module
 * owns them). Every function takes the caller's `db` or transaction; the subqueries are for a
 * caller's single statement that reads all trades at once.
 */
export {
  completedTradeSidesSubquery,
  findCompletedTradesPage,
  findPendingTradeIdsBetween,
  findRatingScores,
  findTradePartiesById,
  tradeIdsOfPartySubquery,
  tradePartiesSubquery,
  unshippedSidesDueSubquery,
  updateLockHashOfTrade,
  type CompletedTradeRow,
} from './trade-records.repository';
