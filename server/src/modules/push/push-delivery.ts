import type { PushMessage } from '@soleswap/contracts/push';
import type { AppContext } from '../../context';
import type { DomainEventMap } from '../../events';
import type { PushOutcome, PushSender } from './push-sender';
import { deleteSubscriptionById, deleteSubscriptionsOfSession, findPushMutedKinds, findSubscriptionsOf } from './push.repository';

/**
 * Sends a member's bell notices to every device they turned push on for, and forgets the devices
 * that are gone. One per app (register-push.ts); tests swap the sender for a fake.
 */
export class PushDelivery {
  constructor(
    private readonly ctx: AppContext,
    private sender: PushSender,
  ) {}

  /** Tests: every push goes to `sender` from now on. */
  useSender(sender: PushSender) {
    this.sender = sender;
  }

  /**
   * Sends a new bell notification to the member's devices, unless they switched its kind off for push
   * (push preferences); a subscription the push service says is gone is deleted.
   */
  async sendNotification(event: DomainEventMap['notification.created']): Promise<PushOutcome[]> {
    if ((await findPushMutedKinds(this.ctx.db, event.userId)).includes(event.kind)) return [];
    const message: PushMessage = { title: event.title, body: event.body, url: event.url, tag: `notification-${event.notificationId}` };
    const subscriptions = await findSubscriptionsOf(this.ctx.db, event.userId);
    return Promise.all(
      subscriptions.map(async (subscription) => {
        const outcome = await this.sender(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          message,
        );
        if (outcome === 'gone') await deleteSubscriptionById(this.ctx.db, subscription.id);
        return outcome;
      }),
    );
  }

  /** A session ended: the subscriptions made in it stop (a shared device must stop showing the member's notices). */
  async forgetSession({ userId, sessionKey }: DomainEventMap['session.ended']): Promise<void> {
    await deleteSubscriptionsOfSession(this.ctx.db, userId, sessionKey);
  }
}
