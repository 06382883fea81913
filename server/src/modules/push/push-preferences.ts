import { NOTIFICATION_KINDS, type NotificationKind } from '@soleswap/contracts/notifications';
import type { PushPreferences, PushPreferencesInput } from '@soleswap/contracts/push';
import type { AppContext } from '../../context';
import { findPushMutedKinds, savePushMutedKinds } from './push.repository';

function toPreferences(muted: readonly string[]): PushPreferences {
  return {
    kinds: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !muted.includes(kind)])) as Record<NotificationKind, boolean>,
  };
}

/** Which kinds are pushed to the member's devices (every kind until they switch one off). */
export async function getPushPreferences(ctx: AppContext, { userId }: { userId: string }): Promise<PushPreferences> {
  return toPreferences(await findPushMutedKinds(ctx.db, userId));
}

/** Switches kinds on or off for push; kinds left out keep their setting. Idempotent: the same input twice saves the same. */
export async function updatePushPreferences(
  ctx: AppContext,
  { userId, input }: { userId: string; input: PushPreferencesInput },
): Promise<PushPreferences> {
  return ctx.db.transaction(async (tx) => {
    const current = new Set(await findPushMutedKinds(tx, userId));
    for (const [kind, isOn] of Object.entries(input.kinds)) {
      if (isOn) current.delete(kind);
      else current.add(kind);
    }
    const muted = NOTIFICATION_KINDS.filter((kind) => current.has(kind));
    await savePushMutedKinds(tx, userId, muted, ctx.now());
    return toPreferences(muted);
  });
}
