import { detachedFromRequest } from './db/request-statements';

/**
 * Items handed in while a batch is being handled wait, and are handled together as the next
 * batch: one batch at a time, in the order the items came. Where each item would otherwise cost
 * its own query or transaction (live events to load, notifications to store), a burst costs one
 * per batch. `handle` settles its own errors: a batch that threw would stop the ones after it.
 */
export class SerialBatches<T> {
  private pending: T[] = [];
  private queue: Promise<void> = Promise.resolve();
  private isFlushQueued = false;

  constructor(private readonly handle: (batch: T[]) => Promise<void>) {}

  add(items: readonly T[]): void {
    if (items.length === 0) return;
    this.pending.push(...items);
    if (this.isFlushQueued) return;
    this.isFlushQueued = true;
    // A batch serves several requests: one client going away must not cancel its statements.
    this.queue = this.queue.then(() => {
      this.isFlushQueued = false;
      return detachedFromRequest(() => this.handle(this.pending.splice(0)));
    });
  }

  /** Resolves once every batch handed in so far has been handled. */
  idle(): Promise<void> {
    return this.queue;
  }
}
