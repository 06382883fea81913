import { DEADLINE_REMINDER_KINDS } from '@soleswap/contracts/notifications';
import type { PushMessage } from '@soleswap/contracts/push';
import type { AppContext } from '../../context';
import type { DomainEventMap } from '../../events';
import { enqueue } from '../../jobs/job-queue';
import type { PushOutcome, PushSender } from './push-sender';
import { deleteSubscriptionById, deleteSubscriptionsOfSession, findPushSettings, findSubscriptionsOf } from './push.repository';
import { quietHoursEnd } from './quiet-hours';

/** The job that sends a push held through the member's quiet hours, queued to run when they end. */
export const HELD_PUSH_JOB = 'push.send-held';

/** The held push's job: the notice is announced to push again, which sends it now that the quiet hours are over. */
export async function sendHeldPush(ctx: AppContext, payload: Record<string, unknown>): Promise<void> {
  const event = payload.event as DomainEventMap['notification.created'] | undefined;
  if (!event || typeof event.userId !== 'string' || typeof event.notificationId !== 'number') return;
  ctx.events.emit('notification.created', event);
}

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
   * (push preferences); a subscription the push service says is gone is deleted. Inside the member's
   * quiet hours it is held instead (a job queued for when they end, once per notification), unless it
   * is a deadline reminder.
   */
  async sendNotification(event: DomainEventMap['notification.created']): Promise<PushOutcome[]> {
    const settings = await findPushSettings(this.ctx.db, event.userId);
    if (settings.mutedKinds.includes(event.kind)) return [];
    const isReminder = (DEADLINE_REMINDER_KINDS as readonly string[]).includes(event.kind);
    const quietUntil = settings.quietHours && !isReminder ? quietHoursEnd(this.ctx.now(), settings.quietHours) : null;
    if (quietUntil) {
      await enqueue(this.ctx.db, HELD_PUSH_JOB, { event }, { runAt: quietUntil, uniqueKey: `${HELD_PUSH_JOB}:${event.notificationId}` });
      return [];
    }
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
