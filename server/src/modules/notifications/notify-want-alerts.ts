import type { AppContext } from '../../context';
import type { DomainEventMap } from '../../events';
import { claimWantAlerts, findWantAlertCandidates } from '../wants/want-alerts';
import { storeNotifications } from './create-notifications';
import { findListing } from './notification-subjects';
import { findMutedKinds, findUsedOnceKeys } from './notifications.repository';

/**
 * Alerts that find the pair (issue #45, docs/rules/matches.md#alerts): a listing that is new, or
 * whose price changed, and fits someone's want tells the want's owner at once, in the bell and
 * (through the announce job) on their devices. Heard after the listing's change committed, so the
 * request that listed it never waits for the fan-out.
 *
 * Each (want, listing, value) alerts once: an edit that leaves the price as it was adds nothing,
 * a new price that still fits alerts again. A want alerts at most once an hour whatever fits it
 * (claimed with the notifications, in one transaction); never for a member blocked either way,
 * never to or about a suspended member. A member who switched the kind off is skipped before the
 * claim, so their hour is not spent.
 */
export async function notifyWantAlerts(ctx: AppContext, { sneakerId }: DomainEventMap['sneaker.created']) {
  const listing = await findListing(ctx.db, sneakerId);
  if (!listing || !listing.isAvailableForTrade) return;
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const candidates = (await findWantAlertCandidates(tx, { sneakerId, now })).map((c) => ({
      ...c,
      onceKey: `want-alert:${c.wantId}:${sneakerId}:${c.value}`,
    }));
    if (candidates.length === 0) return;
    const muted = await findMutedKinds(tx, [...new Set(candidates.map((c) => c.userId))]);
    const used = await findUsedOnceKeys(tx, candidates);
    const wanted = candidates.filter((c) => !muted.get(c.userId)?.includes('want.alert') && !used.has(`${c.userId} ${c.onceKey}`));
    const claimed = await claimWantAlerts(tx, { wantIds: wanted.map((c) => c.wantId), now });
    await storeNotifications(
      tx,
      now,
      wanted
        .filter((c) => claimed.has(c.wantId))
        .map((c) => ({
          userId: c.userId,
          kind: 'want.alert' as const,
          payload: { sneakerId, sneakerName: listing.name, ownerId: c.ownerId, size: c.size, value: c.value },
          onceKey: c.onceKey,
          actorId: c.ownerId,
        })),
    );
  });
}
