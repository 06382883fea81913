import { DomainEvents, type DomainEventMap } from '../events';

/**
 * Domain events raised by work running inside a caller's transaction. Listeners must never hear
 * about work that is later rolled back, so emits are held here and passed on by `flush()` once
 * the transaction has committed; when it rolls back they are simply dropped.
 */
export class EventsAfterCommit extends DomainEvents {
  private readonly pending: Array<() => void> = [];

  constructor(private readonly target: DomainEvents) {
    super();
  }

  override emit<K extends keyof DomainEventMap>(name: K, payload: DomainEventMap[K]) {
    this.pending.push(() => this.target.emit(name, payload));
  }

  override on<K extends keyof DomainEventMap>(name: K, listener: (payload: DomainEventMap[K]) => void | Promise<void>) {
    this.target.on(name, listener);
  }

  flush() {
    for (const emit of this.pending.splice(0)) emit();
  }
}
