import type { Database, Db } from './db/client';
import type { Env } from './env';
import { DomainEvents } from './events';

/** What every service needs, passed as the first argument: `acceptTrade(ctx, { actorId, tradeId })`. */
export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  events: DomainEvents;
  /** The clock; tests move it to exercise deadlines. */
  now: () => Date;
}

export function createContext(env: Env, database: Database): AppContext {
  return { env, database, db: database.db, events: new DomainEvents(), now: () => new Date() };
}
