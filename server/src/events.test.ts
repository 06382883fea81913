import { describe, expect, it } from 'vitest';
import type { AppContext } from './context';
import type { Db } from './db/client';
import { DomainEvents, type EventLogger } from './events';
import { EventsAfterCommit, inTransaction } from './http/events-after-commit';

function recordingLogger() {
  const errors: Array<{ object: Record<string, unknown>; message: string }> = [];
  const logger: EventLogger = { error: (object, message) => errors.push({ object, message }) };
  return { logger, errors };
}

/** A context whose database runs the work and then commits, or throws to roll back. */
function fakeContext(events: DomainEvents, outcome: 'commit' | 'rollback'): AppContext {
  const db = {
    async transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      const result = await work(db as unknown as Db);
      if (outcome === 'rollback') throw new Error('rolled back');
      return result;
    },
  };
  return { events, db: db as unknown as Db } as AppContext;
}

describe('DomainEvents', () => {
  it('logs a failing listener with the event name and still delivers to the others', async () => {
    const { logger, errors } = recordingLogger();
    const events = new DomainEvents(logger);
    const heard: number[] = [];
    events.on('follow.created', () => {
      throw new Error('boom');
    });
    events.on('follow.created', async () => {
      await Promise.resolve();
      throw new Error('async boom');
    });
    events.on('follow.created', () => void heard.push(1));

    expect(() => events.emit('follow.created', { followerId: 'a', followingId: 'b' })).not.toThrow();
    await events.idle();

    expect(heard).toEqual([1]);
    expect(errors.map((e) => e.object.event)).toEqual(['follow.created', 'follow.created']);
    expect(errors.map((e) => (e.object.err as Error).message).sort()).toEqual(['async boom', 'boom']);
  });

  it('delivers after the emitter has moved on, never during its call', async () => {
    const events = new DomainEvents(recordingLogger().logger);
    const order: string[] = [];
    events.on('sneaker.created', () => void order.push('listener'));
    events.emit('sneaker.created', { sneakerId: 1, userId: 'u' });
    order.push('emitter');
    await events.idle();
    expect(order).toEqual(['emitter', 'listener']);
  });
});

describe('events emitted in a transaction', () => {
  it('are delivered once the transaction commits', async () => {
    const events = new DomainEvents(recordingLogger().logger);
    const heard: string[] = [];
    events.on('follow.created', ({ followingId }) => void heard.push(followingId));

    await inTransaction(fakeContext(events, 'commit'), async (txCtx) => {
      txCtx.events.emit('follow.created', { followerId: 'a', followingId: 'b' });
      await txCtx.events.idle();
      expect(heard).toEqual([]);
    });
    await events.idle();
    expect(heard).toEqual(['b']);
  });

  it('are never delivered when it rolls back', async () => {
    const events = new DomainEvents(recordingLogger().logger);
    const heard: string[] = [];
    events.on('follow.created', ({ followingId }) => void heard.push(followingId));

    await expect(
      inTransaction(fakeContext(events, 'rollback'), async (txCtx) => {
        txCtx.events.emit('follow.created', { followerId: 'a', followingId: 'b' });
      }),
    ).rejects.toThrow('rolled back');
    await events.idle();
    expect(heard).toEqual([]);
  });

  it('wait for the outermost commit when transactions nest', async () => {
    const events = new DomainEvents(recordingLogger().logger);
    const heard: string[] = [];
    events.on('follow.created', ({ followingId }) => void heard.push(followingId));
    const outer = new EventsAfterCommit(events);

    // The inner transaction commits (a savepoint), the outer one never does.
    await inTransaction({ ...fakeContext(events, 'commit'), events: outer }, async (txCtx) => {
      txCtx.events.emit('follow.created', { followerId: 'a', followingId: 'b' });
    });
    await events.idle();
    expect(heard).toEqual([]);
    outer.flush();
    await events.idle();
    expect(heard).toEqual(['b']);
  });
});
