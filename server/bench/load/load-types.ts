/** What `npm run db:load` is asked for and what it hands the benchmarks (see generate.ts). */

export interface LoadOptions {
  users: number;
  sneakers: number;
  trades: number;
  messages: number;
  /** Ledger entries, a valid hash chain over the trades that reached escrow (0: none). */
  ledger: number;
  seed: number;
}

/** The members and rows the benchmarks use, written to server/bench/.load-fixtures.json. */
export interface LoadFixtures {
  /** A premium member with the most sneakers (500 at full size): the portfolio benchmark. */
  collectorId: string;
  collectorSneakers: number;
  /** A member party to the most trades (500 at full size): the trade list benchmark. */
  traderId: string;
  traderTrades: number;
  /** A trade of the trader with a long chat: the messages benchmark. */
  chatTradeId: number;
  chatMessages: number;
  counts: Record<string, number>;
  seed: number;
  loadedAt: string;
}

export interface Release {
  id: number;
  name: string;
  brand: string;
  model: string;
  colorway: string;
  styleCode: string;
  retailPrice: number;
  marketPrice: number;
  low: number;
  high: number;
  sizes: string[];
  artwork: string;
}

export type Progress = (table: string, done: number, total: number) => void;
