import type { AppContext } from '../../context';
import { SerialBatches } from '../../serial-batches';
import type { DomainEventMap } from '../../events';
import { createNotifications, type NotificationInput } from './create-notifications';
import { isDeadlock } from '../../db/request-statements';
import { findUsernames, shownName } from './notification-subjects';

type MessageCreated = DomainEventMap['message.created'];
/** A message waiting for its batch, and how to tell its poster the batch is stored. */
type Waiting = { event: MessageCreated; settle: (error?: unknown) => void };

/**
 * The recipients' notifications for chat messages. Messages in one thread (a trade's chat or a
 * direct conversation) count into the same unread notification ("3 new messages"), so a burst is
 * one entry in the bell, not many. Inputs are ordered by recipient (each recipient's in the order
 * the messages came), so two batches take the notification rows they share in the same order.
 */
async function notificationsFor(ctx: AppContext, events: MessageCreated[]): Promise<NotificationInput[]> {
  const told = events.filter((event) => event.recipientIds.some((id) => id !== event.senderId));
  if (told.length === 0) return [];
  // The request knew its sender's name; only events without one (another caller's) read it.
  const unnamed = told.filter((event) => event.senderName === undefined).map((event) => event.senderId);
  const names = unnamed.length > 0 ? await findUsernames(ctx.db, [...new Set(unnamed)]) : new Map<string, string>();
  const inputs = told.flatMap(({ tradeId, conversationId, loopId, senderId, senderName, recipientIds }) => {
    const thread = tradeId !== null ? { tradeId } : loopId != null ? { loopId } : { conversationId: conversationId ?? undefined };
    const actorName = senderName === undefined ? names.get(senderId) : shownName(senderName);
    return recipientIds
      .filter((id) => id !== senderId)
      .map((userId) => ({
        userId,
        kind: 'message.created' as const,
        payload: { ...thread, actorId: senderId, ...(actorName ? { actorName } : {}) },
        batchKey: tradeId !== null ? `messages:${tradeId}` : loopId != null ? `messages:loop:${loopId}` : `messages:conversation:${conversationId}`,
        actorId: senderId,
      }));
  });
  return inputs.sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
}

/**
 * Tells the recipients of chat messages, in batches: the messages heard while the previous batch
 * was being stored (or in the same turn of the event loop) are stored together, in one
 * transaction, one batch at a time. A post thus adds two statements to the batch (the block check
 * and the insert of its notification) instead of a transaction of its own; a lone message is a
 * batch of one. Each message's promise settles when its batch is stored, so events.idle() (tests,
 * shutdown) waits for it. A batch ended by a deadlock (two instances' batches sharing recipients)
 * is stored again, once.
 */
export class NewMessageNotifier {
  private readonly batches = new SerialBatches<Waiting>((batch) => this.store(batch));

  constructor(private readonly ctx: AppContext) {}

  notify(event: MessageCreated): Promise<void> {
    return new Promise((resolve, reject) => {
      this.batches.add([{ event, settle: (error) => (error === undefined ? resolve() : reject(error)) }]);
    });
  }

  private async store(batch: Waiting[]) {
    const write = async () =>
      createNotifications(
        this.ctx,
        await notificationsFor(
          this.ctx,
          batch.map((entry) => entry.event),
        ),
      );
    try {
      await write().catch((error: unknown) => (isDeadlock(error) ? write() : Promise.reject(error)));
      for (const entry of batch) entry.settle();
    } catch (error) {
      for (const entry of batch) entry.settle(error);
    }
  }
}
