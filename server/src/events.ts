import type { TradeStatus } from '@soleswap/contracts/trades';

/**
 * Domain events: the one way side work (notifications, analytics, ...) hears about what a
 * service did. A service emits once its work is committed; a module that owns some side work
 * listens from its `register` step (modules/register-modules.ts). Delivery happens after the
 * emitting code has moved on, and a listener that fails is logged, never thrown at the emitter:
 * side work must not break, slow down or undo the request that caused it.
 */
export interface DomainEventMap {
  'user.signedIn': { userId: string };
  /**
   * A member signed in from a browser they never used before (emitted by the identity module; the
   * notifications module puts it in their bell). `place`: a coarse place or truncated address.
   */
  'user.signedInFromNewDevice': { userId: string; device: string; place?: string };
  /**
   * Wrong second-factor codes locked the member's code step for `minutes` (issue #39; emitted by
   * the identity module, which also mails the owner; the notifications module puts it in the bell).
   */
  'user.secondFactorLocked': { userId: string; failures: number; minutes: number };
  /**
   * A notice a member gets by e-mail as well as in the bell (a pair of theirs failed authentication,
   * a ruling on a hold appeal): emitted by the module that tells them, after its work committed; the
   * identity module, which owns the mailer and members' addresses, sends it. `lines` are plain text
   * paragraphs; `links` are absolute addresses the member may open, each with its label.
   */
  'member.notice': { userId: string; subject: string; lines: string[]; links: Array<{ label: string; url: string }> };
  'sneaker.created': { sneakerId: number; userId: string };
  'sneaker.updated': { sneakerId: number; userId: string };
  /**
   * A trade was proposed or moved. `action` is the state machine's action (propose, accept,
   * ship, expire, ship-deadline, ...); `actorId` is null when the scheduler acted; `userIds` are
   * the two parties. A counter-offer emits 'counter' for the trade
   * it answers and 'propose' for the new trade, which names the answered one in `parentTradeId`.
   */
  'trade.changed': {
    tradeId: number;
    action: string;
    actorId: string | null;
    status: TradeStatus | string;
    userIds: string[];
    parentTradeId?: number | null;
  };
  /**
   * An acceptance failed because the provider declined the card of the other member (the
   * proposer's, given with the proposal), not the accepting member's own (issue #42): emitted by the
   * trades module; the notifications module tells the card's owner (`payerId`) and links to the
   * trade. `actorId`: the member who tried to accept; `reason`: the provider's words.
   */
  'trade.cardDeclined': { tradeId: number; payerId: string; actorId: string; reason: string };
  /**
   * In a trade's chat (tradeId), a loop's chat (loopId) or a direct conversation (conversationId); the other ids are null or absent.
   * `senderName`: the sender's username as the request knew it (the notification's name; read if absent).
   */
  'message.created': {
    tradeId: number | null;
    conversationId: number | null;
    loopId?: number | null;
    messageId: number;
    senderId: string;
    senderName?: string | null;
    recipientIds: string[];
  };
  'follow.created': { followerId: string; followingId: string };
  /**
   * A two-way match waits to be announced (emitted by the wants module for each found match not
   * yet marked notified; `userIds`: its two members). The announcer marks it notified.
   */
  'match.found': { matchId: number; userIds: string[] };
  /**
   * A step of a pair's return after a refund (docs/rules/trades.md#returns-after-a-refund): the
   * sender shipped it back, or the owner confirmed it arrived (emitted by the trades module; the
   * notifications module tells `recipientId`). `at`: when the step was taken.
   */
  'trade.returnStep': { tradeId: number; step: 'shipped' | 'received'; actorId: string; recipientId: string; at: Date };
  /**
   * The carrier said a trade's parcel is going back to its sender ('returned') or could not be
   * delivered ('failure') (docs/rules/shipping.md#carrier-events; emitted by the trades module; the
   * notifications module tells both members). Nothing completes or ships by it. `senderId`: whose parcel.
   */
  'trade.parcelException': { tradeId: number; senderId: string; recipientId: string; exception: 'returned' | 'failure'; at: Date };
  /**
   * An admin ruled on a trade's dispute (emitted by the trades module; the notifications module tells
   * both members, in the bell and by e-mail). `returns`: the pairs going back after a refund.
   */
  'trade.disputeRuled': {
    tradeId: number;
    proposerId: string;
    receiverId: string;
    outcome: string;
    note: string | null;
    returns: Array<{ ownerId: string; senderId: string; returnBy: Date }>;
    at: Date;
  };
  /**
   * A pair took a step at the authentication centre (emitted by the inspection module; the
   * notifications module tells the pair's owner and the member it goes to). `step`: the step in words.
   */
  'inspection.stepped': { tradeId: number; ownerId: string; recipientId: string; step: string; at: Date };
  /**
   * A pair failed at the centre and so cancelled its trade (emitted by the inspection module; the
   * notifications module tells both members what failed and how, in the bell and by e-mail).
   * `ownerHoldCents`: the owner's protection hold on the trade (0 when none).
   */
  'inspection.failed': {
    tradeId: number;
    ownerId: string;
    recipientId: string;
    sneakerIds: number[];
    failure: 'failed' | 'declined' | 'lapsed' | 'never-arrived';
    notes: string | null;
    photoUrls: string[];
    ownerHoldCents: number;
    at: Date;
  };
  /**
   * An appeal of a captured protection hold was filed, or an admin ruled on it (emitted by the wallet
   * module; the notifications module tells the member it was paid to of a filing, both of a ruling).
   * `ownerId`: the member whose hold was captured; `otherId`: the member it was paid to.
   */
  'holdAppeal.changed': {
    tradeId: number;
    ownerId: string;
    otherId: string;
    amountCents: number;
    appeal: 'filed' | 'reversed' | 'upheld';
    note?: string;
    at: Date;
  };
  /** A loop trade was proposed or moved (`userIds`: every member). */
  'loop.changed': { loopId: number; action: string; actorId: string | null; status: string; userIds: string[] };
  /**
   * A bell notification was stored and committed (emitted once, by the notifications module's
   * notifications.announce job): `title`, `body` and `url` (a path on this site) say it in words.
   * The push module sends it to the member's devices.
   */
  'notification.created': { notificationId: number; userId: string; kind: string; title: string; body: string; url: string };
  /**
   * A member's session ended: they signed out, or ended it from the account page (emitted by the
   * identity module). `sessionKey`: the session id's hash (live/close-live-streams.ts sessionKeyOf).
   */
  'session.ended': { userId: string; sessionKey: string };
  /** A queued job (server/src/jobs) ran; what it committed, if anything, is committed. */
  'job.finished': { kind: string; failed: boolean };
}

export type DomainEventName = keyof DomainEventMap;
export type DomainListener<K extends DomainEventName> = (payload: DomainEventMap[K]) => void | Promise<void>;

/** What listener failures are reported through: the app's (pino) logger. */
export interface EventLogger {
  error(object: Record<string, unknown>, message: string): void;
}

/** Before the app hands over its logger (unit tests, scripts), failures still go somewhere visible. */
const FALLBACK_LOGGER: EventLogger = {
  error(object, message) {
    process.emitWarning(`${message}: ${String((object.err as Error | undefined)?.message ?? '')}`, { code: String(object.event) });
  },
};

export class DomainEvents {
  private readonly listeners = new Map<DomainEventName, Array<DomainListener<DomainEventName>>>();
  private readonly inFlight = new Set<Promise<void>>();
  private logger: EventLogger = FALLBACK_LOGGER;

  constructor(logger?: EventLogger) {
    if (logger) this.logger = logger;
  }

  /** Failures are logged here from now on (the app passes Fastify's logger at start-up). */
  useLogger(logger: EventLogger) {
    this.logger = logger;
  }

  /**
   * Delivers the event to every listener, after the current call stack: the emitter never waits
   * for side work and never sees it fail. Emit only once the work is committed; code that runs
   * inside a transaction emits through the transaction's `EventsAfterCommit` (see inTransaction).
   */
  emit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]) {
    for (const listener of this.listeners.get(name) ?? []) {
      const delivery = Promise.resolve()
        .then(() => listener(payload as DomainEventMap[DomainEventName]))
        .catch((err: unknown) => this.logger.error({ err, event: name }, `listener for ${name} failed`))
        .finally(() => this.inFlight.delete(delivery));
      this.inFlight.add(delivery);
    }
  }

  on<K extends DomainEventName>(name: K, listener: DomainListener<K>) {
    const list = this.listeners.get(name) ?? [];
    list.push(listener as DomainListener<DomainEventName>);
    this.listeners.set(name, list);
  }

  /**
   * Resolves once every delivered event's listeners have finished, including events those
   * listeners emitted in turn. Tests await it instead of waiting for a while; shutdown can too.
   */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}
