import { EventEmitter } from 'node:events';

/**
 * Domain events services emit after their transaction commits (trade.accepted, follow.created, ...).
 * Listeners (notifications, analytics) run after the request's work and never fail it.
 */
export interface DomainEventMap {
  'user.signedIn': { userId: string };
  'sneaker.created': { sneakerId: number; userId: string };
  /** A listing changed (size, condition, availability, ...), after commit. */
  'sneaker.updated': { sneakerId: number; userId: string };
  'trade.changed': { tradeId: number; action: string; actorId: string | null; status: string; userIds: string[] };
  'message.created': { tradeId: number; messageId: number; senderId: string; recipientId: string };
  'follow.created': { followerId: string; followingId: string };
  /** A two-way match seen for the first time (a row of the matches table, not yet notified). */
  'match.found': { matchId: number; userIds: [string, string] };
  'loop.changed': { loopId: number; action: string; actorId: string | null; status: string; userIds: string[] };
}

export class DomainEvents {
  private readonly emitter = new EventEmitter();

  emit<K extends keyof DomainEventMap>(name: K, payload: DomainEventMap[K]) {
    // Listeners are async and isolated: a failing listener is logged by its subscriber, never thrown here.
    queueMicrotask(() => this.emitter.emit(name, payload));
  }

  on<K extends keyof DomainEventMap>(name: K, listener: (payload: DomainEventMap[K]) => void | Promise<void>) {
    this.emitter.on(name, (payload: DomainEventMap[K]) => {
      Promise.resolve(listener(payload)).catch((error) => console.error(`listener for ${name} failed`, error));
    });
  }
}
