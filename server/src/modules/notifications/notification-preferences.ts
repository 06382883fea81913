import {
  DEADLINE_REMINDER_KINDS,
  isNotificationEmailed,
  NOTIFICATION_EMAIL_ALWAYS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesInput,
} from '@soleswap/contracts/notifications';
import type { AppContext } from '../../context';
import {
  findEmailChoices,
  findMutedKinds,
  findWantDigestMembers,
  saveEmailChoices,
  saveMutedKinds,
  saveWantAlertDigest,
} from './notifications.repository';

/** Deadline reminders stay in the bell whatever a member asks (issue #45): never muted. */
const alwaysOn = (kind: string) => (DEADLINE_REMINDER_KINDS as readonly string[]).includes(kind);

function toPreferences(muted: readonly string[], emailChoices: Readonly<Record<string, boolean>>, isDigest: boolean): NotificationPreferences {
  const perKind = (isOn: (kind: NotificationKind) => boolean) =>
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, isOn(kind)])) as Record<NotificationKind, boolean>;
  return {
    kinds: perKind((kind) => alwaysOn(kind) || !muted.includes(kind)),
    email: perKind((kind) => isNotificationEmailed(kind, emailChoices)),
    wantAlerts: isDigest ? 'daily-digest' : 'at-once',
  };
}

/** Which kinds the member gets (every kind until they switch one off), and which are e-mailed (defaults until they choose). */
export async function getNotificationPreferences(ctx: AppContext, { userId }: { userId: string }): Promise<NotificationPreferences> {
  const muted = (await findMutedKinds(ctx.db, [userId])).get(userId) ?? [];
  const emailChoices = (await findEmailChoices(ctx.db, [userId])).get(userId) ?? {};
  const isDigest = (await findWantDigestMembers(ctx.db, [userId])).has(userId);
  return toPreferences(muted, emailChoices, isDigest);
}

/**
 * Switches kinds on or off, in the bell and by e-mail; kinds left out keep their setting. A deadline
 * reminder stays on in both (switching it off changes nothing), as do the security notices' e-mail.
 */
export async function updateNotificationPreferences(
  ctx: AppContext,
  { userId, input }: { userId: string; input: NotificationPreferencesInput },
): Promise<NotificationPreferences> {
  return ctx.db.transaction(async (tx) => {
    const current = new Set((await findMutedKinds(tx, [userId])).get(userId) ?? []);
    for (const [kind, isOn] of Object.entries(input.kinds ?? {})) {
      if (isOn || alwaysOn(kind)) current.delete(kind);
      else current.add(kind);
    }
    const muted = NOTIFICATION_KINDS.filter((kind) => current.has(kind));
    await saveMutedKinds(tx, userId, muted, ctx.now());
    const emailChoices = { ...((await findEmailChoices(tx, [userId])).get(userId) ?? {}) };
    if (input.email) {
      for (const [kind, isOn] of Object.entries(input.email)) {
        if ((NOTIFICATION_EMAIL_ALWAYS as readonly string[]).includes(kind)) delete emailChoices[kind];
        else if (typeof isOn === 'boolean') emailChoices[kind] = isOn;
      }
      await saveEmailChoices(tx, userId, emailChoices, ctx.now());
    }
    if (input.wantAlerts) await saveWantAlertDigest(tx, userId, input.wantAlerts === 'daily-digest', ctx.now());
    const isDigest = (await findWantDigestMembers(tx, [userId])).has(userId);
    return toPreferences(muted, emailChoices, isDigest);
  });
}
