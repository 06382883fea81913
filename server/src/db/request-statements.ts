import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import pg from 'pg';

/**
 * The statements of one HTTP request on PostgreSQL: each runs under the request's
 * statement_timeout, and those still running when the request's client goes away are cancelled
 * (see http/request-statements.ts). Statements outside any request (jobs, migrations, start-up)
 * run without a timeout. PGlite has one in-process connection and no timer to stop a statement:
 * there a statement always runs to its end (docs/reliability.md#statement-timeouts).
 */
export interface StatementScope {
  /** statement_timeout of its statements, in milliseconds; 0: none. */
  timeoutMs: number;
  /** False for work several requests share (a batch): one client going away must not cancel it. */
  cancellable: boolean;
  /** The connections running one of its statements now. */
  running: Set<ScopedClient>;
}

const scopes = new AsyncLocalStorage<StatementScope>();

export function newStatementScope(timeoutMs: number): StatementScope {
  return { timeoutMs, cancellable: true, running: new Set() };
}

/** Runs `fn` (and everything it starts) with the scope's statements. */
export function runInStatementScope<T>(scope: StatementScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

/**
 * Runs work that several requests share (a batch of session reads, a group commit) under the
 * current request's timeout, but out of reach of its cancellation.
 */
export function detachedFromRequest<T>(fn: () => T): T {
  const scope = scopes.getStore();
  if (!scope?.cancellable) return fn();
  return scopes.run({ timeoutMs: scope.timeoutMs, cancellable: false, running: new Set() }, fn);
}

/**
 * Cancels the statements the scope is running, with PostgreSQL's cancel request on a connection of
 * its own (what libpq's PQcancel sends), so it works even when every pooled connection is busy.
 * Like every cancel request it races the statement: one that ended meanwhile is not affected, and
 * the one after it on that connection is only if it began within that instant.
 */
export function cancelStatements(scope: StatementScope, onError: (error: Error) => void = () => {}) {
  for (const client of scope.running) {
    const { processID, secretKey } = client as unknown as { processID: number; secretKey: number };
    // A connection of its own that sends nothing but the cancel request; the server then closes it.
    const canceller = new pg.Client(client.connectOptions) as unknown as CancelClient;
    const con = canceller.connection;
    con.on('error', onError);
    con.once('connect', () => con.cancel(processID, secretKey));
    if (canceller.host?.startsWith('/')) con.connect(`${canceller.host}/.s.PGSQL.${canceller.port}`);
    else con.connect(canceller.port, canceller.host);
  }
  scope.running.clear();
}

/** What cancelStatements uses of a pg client (the calls pg's own Client.cancel makes). */
interface CancelClient {
  host?: string;
  port: number;
  connection: {
    on(event: 'error', listener: (error: Error) => void): void;
    once(event: 'connect', listener: () => void): void;
    connect(portOrPath: number | string, host?: string): void;
    cancel(processID: number, secretKey: number): void;
  };
}

/** SQLSTATE 57014, query_canceled: a statement_timeout or a cancel request ended the statement. */
/** PostgreSQL ended the transaction to break a deadlock (40P01), found anywhere in the cause chain. */
export function isDeadlock(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '40P01') return true;
  }
  return false;
}

export function isCanceledStatement(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '57014') return true;
  }
  return false;
}

type QueryArgs = [config: unknown, values?: unknown, callback?: unknown];
type Callback = (error: Error | null, result?: unknown) => void;
const baseQuery = pg.Client.prototype.query as unknown as (this: pg.Client, ...args: QueryArgs) => unknown;

const isRollback = (config: unknown) =>
  /^\s*rollback\b/i.test(typeof config === 'string' ? config : String((config as { text?: unknown })?.text ?? ''));

/**
 * A pooled connection that runs each statement under its scope's timeout (a `set
 * statement_timeout` ahead of it when the connection's setting differs, so a request after a
 * request costs nothing) and tells the scope while one runs.
 */
export class ScopedClient extends pg.Client {
  /**
   * The connection's statement_timeout as last set; undefined when unknown: a new connection (the
   * role may have a default of its own), or a SET rolled back with its transaction.
   */
  statementTimeoutMs: number | undefined = undefined;

  constructor(readonly connectOptions: pg.ClientConfig) {
    super(connectOptions);
  }
}

ScopedClient.prototype.query = function scopedQuery(this: ScopedClient, ...args: QueryArgs) {
  const scope = scopes.getStore();
  const wanted = Math.max(0, Math.trunc(scope?.timeoutMs ?? 0));
  const run = () => runTracked(this, scope, args);
  if (this.statementTimeoutMs === wanted || !isPlainQuery(args)) return run();
  this.statementTimeoutMs = wanted;
  // The SET first, then the statement (a connection runs one query at a time). A failed SET (in a
  // failed transaction) leaves the setting unknown; the statement then fails on its own.
  const set = baseQuery.call(this, `set statement_timeout = ${wanted}`) as Promise<unknown>;
  const unknown = () => (this.statementTimeoutMs = undefined);
  const callback = args.findIndex((arg) => typeof arg === 'function');
  if (callback === -1) return set.then(run, () => (unknown(), run()));
  void set.then(run, () => (unknown(), run()));
  return undefined;
} as typeof pg.Client.prototype.query;

/** A statement given as text or a { text, values } config, not a Submittable (a cursor, a Query object). */
function isPlainQuery([config]: QueryArgs): boolean {
  return (
    typeof config === 'string' || (typeof config === 'object' && config !== null && typeof (config as { submit?: unknown }).submit !== 'function')
  );
}

/** Runs the statement, in its scope's set of running statements while it runs (when the scope may be cancelled). */
function runTracked(client: ScopedClient, scope: StatementScope | undefined, args: QueryArgs): unknown {
  // A SET inside the transaction is undone with it.
  if (isRollback(args[0])) client.statementTimeoutMs = undefined;
  if (!scope?.cancellable) return baseQuery.apply(client, args);
  scope.running.add(client);
  const done = () => scope.running.delete(client);
  let last = args.length - 1;
  while (last > 0 && typeof args[last] !== 'function') last--;
  if (last > 0) {
    const callback = args[last] as Callback;
    const tracked = [...args] as QueryArgs;
    tracked[last] = (error: Error | null, result?: unknown) => {
      done();
      callback(error, result);
    };
    return baseQuery.apply(client, tracked);
  }
  const result = baseQuery.apply(client, args);
  if (result instanceof Promise) return result.finally(done);
  done();
  return result;
}

/**
 * The pool of ScopedClients. A connection handed to a waiting caller is handed over in the
 * context of whoever released it: the callback is bound to the caller's own, so its statements
 * count for its request.
 */
export class ScopedPool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super({ ...config, Client: ScopedClient as unknown as typeof pg.Client });
  }
}

const baseConnect = pg.Pool.prototype.connect as unknown as (this: pg.Pool, callback?: (...args: unknown[]) => void) => unknown;
ScopedPool.prototype.connect = function scopedConnect(this: pg.Pool, callback?: (...args: unknown[]) => void) {
  return callback ? baseConnect.call(this, AsyncResource.bind(callback)) : baseConnect.call(this);
} as typeof pg.Pool.prototype.connect;
