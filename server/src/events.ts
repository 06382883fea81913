import { EventEmitter } from 'node:events';

/**
 * Domain events services emit after their transaction commits (trade.accepted, follow.created, ...).
 * Listeners (notifications, analytics) run after the request's work and never fail it.
 */
export interface DomainEventMap {
  'user.signedIn': { userId: string };
  'sneaker.created': { sneakerId: number; userId: string };
  'trade.changed': { tradeId: number; action: string; actorId: string | null; status: string; userIds: string[] };
  /** In a trade's chat (tradeId) or a direct conversation (conversationId); the other id is null. */
  'message.created': { tradeId: number | null; conversationId: number | null; messageId: number; senderId: string; recipientIds: string[] };
  'follow.created': { followerId: string; followingId: string };
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
