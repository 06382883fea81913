import type pg from 'pg';
import { writeDerivedColumns } from './derived-columns';
import { writeFollows } from './follows';
import { writeLedger } from './ledger';
import type { LoadFixtures, LoadOptions, Progress, Release } from './load-types';
import { writeLoopsAndEscrowLocks } from './loops';
import { startMarket } from './market-setup';
import type { MarketState } from './market-state';
import { memberId, writeMembers } from './members';
import { writeMessages } from './messages';
import { writeNotifications } from './notifications';
import { writePriceHistory } from './price-history';
import { writeSneakers } from './sneakers';
import { writeTrades } from './trades';
import { writeWants } from './wants';

export type { LoadFixtures, LoadOptions, Progress, Release } from './load-types';

/**
 * The market `npm run db:load` writes (see server/bench/README.md "Load data"). Everything is
 * generated in this process from a seed and streamed with COPY; the ids are chosen here (members
 * get uuids counting up from 1, the serial tables ids from 1), so every reference is known
 * without reading anything back.
 *
 * Each stage reads what the stages before it made (MarketState, market-state.ts) and draws from
 * the one seeded generator, so their order below is part of the output: reordering them changes
 * the market a seed gives.
 */

/**
 * Loads the market into an empty schema (the caller has migrated and emptied it) and returns the
 * fixtures. `client` is one connection: everything runs in one session with
 * session_replication_role left alone, so every CHECK and foreign key is enforced on the way in.
 */
export async function generateMarket(
  client: pg.PoolClient | pg.Client,
  releases: Release[],
  options: LoadOptions,
  progress: Progress,
): Promise<LoadFixtures> {
  const setup = startMarket(client, releases, options, progress);
  const withMembers = { ...setup, ...(await writeMembers(setup)) };
  const withSneakers = { ...withMembers, ...(await writeSneakers(withMembers)) };
  const withTrades = { ...withSneakers, ...(await writeTrades(withSneakers)) };
  await writeLoopsAndEscrowLocks(withTrades);
  const market: MarketState = { ...withTrades, ...(await writeMessages(withTrades)) };
  await writeWants(market);
  await writeFollows(market);
  await writePriceHistory(market);
  await writeNotifications(market);
  await writeLedger(market);
  await writeDerivedColumns(market);
  return {
    collectorId: memberId(0),
    collectorSneakers: market.collectorCount,
    traderId: memberId(1),
    traderTrades: market.traderTrades,
    chatTradeId: market.chatTradeId,
    chatMessages: market.chatMessages,
    counts: market.counts,
    seed: options.seed,
    loadedAt: new Date(market.now).toISOString(),
  };
}
