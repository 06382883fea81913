import type pg from 'pg';
import type { CopyValue } from './copy';
import type { Ownership } from './distributions';
import type { LoadOptions, Release } from './load-types';
import type { Random } from './random';
import type { TradeStatus } from './vocabulary';

/**
 * What the stages of `generateMarket` share. Each stage reads the parts written before it and
 * returns its own; the arrays are indexed by member index (0 .. users - 1), sneaker id
 * (1 .. sneakers) or trade id (1 .. trades), as their names say. Every stage draws from the one
 * seeded `random` in a fixed order, so the order of the stages is part of the output.
 */
export type MarketState = MarketSetup & MemberState & SneakerState & TradeState & ChatState;

/** Streams `rows` into `table (columns)` with COPY, reports progress and counts the rows written. */
export type CopyTable = (table: string, columns: readonly string[], total: number, rows: Iterable<readonly CopyValue[]>) => Promise<number>;

/** What every stage starts from. */
export interface MarketSetup {
  /** The one connection everything runs on (COPY, and the updates that derive columns from the rows). */
  client: pg.PoolClient | pg.Client;
  options: LoadOptions;
  /** The catalogue, most popular first. */
  releases: Release[];
  random: Random;
  /** The moment the market is generated at (ms): every timestamp is relative to it. */
  now: number;
  /** Cumulative Zipf weights over `releases`, for Random.zipf: popular releases far more often. */
  releaseZipf: Float64Array;
  /** Rows written per table, handed back in the fixtures. */
  counts: Record<string, number>;
  copy: CopyTable;
}

/** The members (written by members.ts). */
export interface MemberState {
  /** Sneakers the collector (member 0) owns. */
  collectorCount: number;
  /** Sneakers each member owns. */
  ownedCount: Int32Array;
  usernames: string[];
  memberCreated: Float64Array;
  /** 1 for a premium member. */
  isPremium: Uint8Array;
}

/** The sneakers (written by sneakers.ts); escrow holds are filled in by trades.ts and loops.ts. */
export interface SneakerState {
  /** The member index owning each sneaker, at [id - 1]. */
  sneakerOwner: Int32Array;
  ownership: Ownership;
  /** 1 for a sneaker listed as available for trade, at [id]. */
  sneakerAvailable: Uint8Array;
  /** Each sneaker's estimated value, at [id]. */
  sneakerValue: Float32Array;
  /** 1 for a sneaker held in escrow by an accepted or disputed trade or an active or disputed loop, at [id]. */
  sneakerLocked: Uint8Array;
  /** When sneaker `id` was created (ms): ids count up over the last two years. */
  sneakerCreated: (id: number) => number;
}

/** The trades (written by trades.ts), at [trade id]. */
export interface TradeState {
  /** Trades the trader (member 1) is party to. */
  traderTrades: number;
  tradeProposer: Int32Array;
  tradeReceiver: Int32Array;
  tradeCreated: Float64Array;
  /** When the trade closed, or `now` for one still open (ms). */
  tradeEnd: Float64Array;
  tradeStatus: TradeStatus[];
  /** The proposer's and the receiver's sneaker ids. */
  tradeSneakers: [number[], number[]][];
  /** Bit 4: the trade reached escrow (accepted once); bits 1 and 2: the proposer, the receiver shipped. */
  tradeShipped: Uint8Array;
  /** escrow_locks rows of the trades holding escrow; loops.ts adds its own and writes them. */
  escrowLockRows: CopyValue[][];
}

/** The chats (written by messages.ts). */
export interface ChatState {
  /** A trade of the trader with a long chat. */
  chatTradeId: number;
  chatMessages: number;
}
