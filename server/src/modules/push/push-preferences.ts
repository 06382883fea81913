import { NOTIFICATION_KINDS, type NotificationKind } from '@soleswap/contracts/notifications';
import type { PushPreferences, PushPreferencesInput } from '@soleswap/contracts/push';
import type { AppContext } from '../../context';
import { findPushSettings, savePushSettings, type PushSettingsRow } from './push.repository';

function toPreferences({ mutedKinds, quietHours }: PushSettingsRow): PushPreferences {
  return {
    kinds: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !mutedKinds.includes(kind)])) as Record<NotificationKind, boolean>,
    quietHours,
  };
}

/** Which kinds are pushed to the member's devices (every kind until they switch one off), and their quiet hours. */
export async function getPushPreferences(ctx: AppContext, { userId }: { userId: string }): Promise<PushPreferences> {
  return toPreferences(await findPushSettings(ctx.db, userId));
}

/**
 * Switches kinds on or off for push (kinds left out keep their setting) and sets or clears the quiet
 * hours (left out: kept). Idempotent: the same input twice saves the same.
 */
export async function updatePushPreferences(
  ctx: AppContext,
  { userId, input }: { userId: string; input: PushPreferencesInput },
): Promise<PushPreferences> {
  return ctx.db.transaction(async (tx) => {
    const stored = await findPushSettings(tx, userId);
    const current = new Set(stored.mutedKinds);
    for (const [kind, isOn] of Object.entries(input.kinds ?? {})) {
      if (isOn) current.delete(kind);
      else current.add(kind);
    }
    const settings: PushSettingsRow = {
      mutedKinds: NOTIFICATION_KINDS.filter((kind) => current.has(kind)),
      quietHours: input.quietHours === undefined ? stored.quietHours : input.quietHours,
    };
    await savePushSettings(tx, userId, settings, ctx.now());
    return toPreferences(settings);
  });
}
