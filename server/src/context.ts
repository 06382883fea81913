import type { Database, Db } from './db/client';
import type { Env } from './env';
import type { PaymentProvider } from './modules/payments/payment-provider';
import { DomainEvents } from './events';

/** What every service needs, passed as the first argument: `acceptTrade(ctx, { actorId, tradeId })`. */
export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  events: DomainEvents;
  /** The clock; tests move it to exercise deadlines. */
  now: () => Date;
  /**
   * Replaces the payment provider chosen from the environment; tests plug in a Stripe provider
   * whose network calls are faked. Called with the context in use (inside a transaction too).
   */
  paymentProvider?: (ctx: AppContext) => PaymentProvider;
}

export function createContext(env: Env, database: Database): AppContext {
  return { env, database, db: database.db, events: new DomainEvents(), now: () => new Date() };
}
