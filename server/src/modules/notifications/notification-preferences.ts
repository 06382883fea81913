import {
  DEADLINE_REMINDER_KINDS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesInput,
} from '@soleswap/contracts/notifications';
import type { AppContext } from '../../context';
import { findMutedKinds, saveMutedKinds } from './notifications.repository';

/** Deadline reminders stay in the bell whatever a member asks (issue #45): never muted. */
const alwaysOn = (kind: string) => (DEADLINE_REMINDER_KINDS as readonly string[]).includes(kind);

function toPreferences(muted: readonly string[]): NotificationPreferences {
  return {
    kinds: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, alwaysOn(kind) || !muted.includes(kind)])) as Record<NotificationKind, boolean>,
  };
}

/** Which kinds the member gets (every kind until they switch one off). */
export async function getNotificationPreferences(ctx: AppContext, { userId }: { userId: string }): Promise<NotificationPreferences> {
  const muted = (await findMutedKinds(ctx.db, [userId])).get(userId) ?? [];
  return toPreferences(muted);
}

/** Switches kinds on or off; kinds left out keep their setting. A deadline reminder stays on (switching it off changes nothing). */
export async function updateNotificationPreferences(
  ctx: AppContext,
  { userId, input }: { userId: string; input: NotificationPreferencesInput },
): Promise<NotificationPreferences> {
  return ctx.db.transaction(async (tx) => {
    const current = new Set((await findMutedKinds(tx, [userId])).get(userId) ?? []);
    for (const [kind, isOn] of Object.entries(input.kinds)) {
      if (isOn || alwaysOn(kind)) current.delete(kind);
      else current.add(kind);
    }
    const muted = NOTIFICATION_KINDS.filter((kind) => current.has(kind));
    await saveMutedKinds(tx, userId, muted, ctx.now());
    return toPreferences(muted);
  });
}
