import type { AppContext } from '../context';
import { DomainEvents, type DomainEventMap, type DomainEventName, type DomainListener } from '../events';

/**
 * Domain events raised by work running inside a caller's transaction. Listeners must never hear
 * about work that is later rolled back, so emits are held here and passed on by `flush()` once
 * the transaction has committed; when it rolls back they are simply dropped. Buffers nest: one
 * opened inside another transaction flushes into the outer buffer, which delivers only when the
 * outermost transaction commits.
 */
export class EventsAfterCommit extends DomainEvents {
  private readonly pending: Array<() => void> = [];

  constructor(private readonly target: DomainEvents) {
    super();
  }

  override emit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]) {
    this.pending.push(() => this.target.emit(name, payload));
  }

  override on<K extends DomainEventName>(name: K, listener: DomainListener<K>) {
    this.target.on(name, listener);
  }

  override useLogger(...args: Parameters<DomainEvents['useLogger']>) {
    this.target.useLogger(...args);
  }

  override idle() {
    return this.target.idle();
  }

  flush() {
    for (const emit of this.pending.splice(0)) emit();
  }
}

/**
 * Runs `work` in a transaction with a context whose `db` is the transaction and whose events
 * wait for the commit: emit from inside freely, listeners hear only of committed work. Inside a
 * caller's transaction it becomes a savepoint, and the events wait for the caller's commit too.
 */
export async function inTransaction<T>(ctx: AppContext, work: (txCtx: AppContext) => Promise<T>): Promise<T> {
  const events = new EventsAfterCommit(ctx.events);
  const result = await ctx.db.transaction((tx) => work({ ...ctx, db: tx, events }));
  events.flush();
  return result;
}
