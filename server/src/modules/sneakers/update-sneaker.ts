import { STEP_UP_WINDOW_MINUTES } from '@soleswap/contracts/identity';
import { toCents } from '@soleswap/contracts/money-values';
import type { Sneaker, UpdateSneaker } from '@soleswap/contracts/sneakers';
import { MINUTE_MS } from '@soleswap/contracts/time';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { recordListingPhotos } from '../uploads/photo-index/record-listing-photos';
import { resolveImageUrl, type StoredImage } from '../uploads/save-image';
import { actionsOfUpdate, assertSneakerActions } from './sneaker-actions';
import { resolveCatalogLink } from './sneaker-catalog-link';
import { changedIdentifyingFields } from './sneaker-identity';
import { isSneakerLocked } from '../escrow/escrow-locks';
import { findSneakerRecord } from './sneaker-record';
import { assertPhotoCount, photosDiffer, resolveSneakerPhotos, toSneakerWithPhotos, type ResolvedPhotos } from './sneaker-photos';
import { findSneakerPhotoRows, replaceSneakerPhotoRows } from './sneaker-photos.repository';
import { recordEstimateChange } from './estimate-changes.repository';
import { findSneakerRow, updateSneakerRow, type SneakerValues } from './sneakers.repository';

const STEP_UP_WINDOW_MS = STEP_UP_WINDOW_MINUTES * MINUTE_MS;

/**
 * The owner edits a sneaker: the hide/show toggle of docs/rules/sneakers.md (`{ isAvailableForTrade }`) or the
 * edit dialog's fields. `photos` replaces the legit-check photos (a `cover` entry is the image). Others get 403. While the sneaker is locked in an accepted trade
 * nothing about it may change (409 SNEAKER_LOCKED): the counterparty must receive the pair
 * they accepted, with its condition, value, description and photo. Changing what the sneaker is
 * (name, brand, model, colorway, style code, size) or any of its photos drops an earlier verification,
 * which was about the old one.
 * Changing what a trading partner sees (identity, condition, photo, description) stamps
 * listingChangedAt, so pending proposals made before it can no longer be accepted.
 */
export async function updateSneaker(
  ctx: AppContext,
  { actorId, id, changes }: { actorId: string; id: number; changes: UpdateSneaker },
): Promise<Sneaker> {
  const before = await findSneakerRow(ctx.db, id);
  if (!before) throw notFound('Sneaker');
  const actions = actionsOfUpdate(before, changes);
  // Refused early too, so a locked sneaker's new photo is never processed and stored.
  assertSneakerActions({ ...before, isLocked: await isSneakerLocked(ctx.db, id) }, actorId, actions);

  // Slow work (image pipeline, catalogue lookup) happens before the row is locked.
  let photos: ResolvedPhotos | undefined;
  if (changes.photos !== undefined) {
    const onListing = { imageUrl: before.imageUrl, rows: await findSneakerPhotoRows(ctx.db, id) };
    photos = await resolveSneakerPhotos(ctx, { ownerId: before.userId, photos: changes.photos, onListing });
  }
  let image: StoredImage | null | undefined;
  if (photos?.cover !== undefined) {
    image = photos.cover.imageUrl === before.imageUrl ? undefined : photos.cover;
  } else if (changes.imageUrl !== undefined) {
    image =
      changes.imageUrl === null
        ? null
        : changes.imageUrl === before.imageUrl
          ? undefined
          : await resolveImageUrl(ctx, { imageUrl: changes.imageUrl });
  }
  const identityChanged = changedIdentifyingFields(before, changes).length > 0;
  const link = await resolveCatalogLink(ctx, {
    catalogReleaseId: changes.catalogReleaseId,
    brand: changes.brand ?? before.brand,
    model: changes.model ?? before.model,
    colorway: changes.colorway !== undefined ? changes.colorway : before.colorway,
    identityChanged,
  });

  await ctx.db.transaction(async (tx) => {
    // Locked FOR UPDATE, as trade acceptance locks it: the lock check cannot race an accept.
    const current = await findSneakerRow(tx, id, { forUpdate: true });
    if (!current) throw notFound('Sneaker');
    assertSneakerActions({ ...current, isLocked: await isSneakerLocked(tx, id) }, actorId, actionsOfUpdate(current, changes));

    const values: Partial<SneakerValues> = { ...fieldChanges(changes), ...link, updatedAt: ctx.now() };
    if (image !== undefined) {
      values.imageUrl = image?.imageUrl ?? null;
      values.thumbnailUrl = image?.thumbnailUrl ?? null;
      values.imageHash = image?.imageHash ?? null;
    }
    // Read under the row lock, so two edits of the photos cannot interleave.
    const currentPhotos = photos ? await findSneakerPhotoRows(tx, id) : [];
    const photosChanged = photos !== undefined && photosDiffer(currentPhotos, photos.others);
    if (photos) assertPhotoCount({ hasCover: (image === undefined ? current.imageUrl : image?.imageUrl) != null, others: photos.others.length });
    // A verification vouched for this pair as described and pictured; a new identity or photo voids it.
    if (
      changedIdentifyingFields(current, changes).length > 0 ||
      (image !== undefined && (image?.imageUrl ?? null) !== current.imageUrl) ||
      photosChanged
    ) {
      Object.assign(values, DROPPED_VERIFICATION);
    }
    if (image !== undefined || photosChanged || listingTextChanged(current, changes)) values.listingChangedAt = ctx.now();
    // Step-up judges a trade on the highest value its pairs had in the last STEP_UP_WINDOW_MINUTES
    // (issue #39): a pair is valued by its estimate, or its market price by condition (#42).
    const isEstimateChanged =
      changes.estimatedValue !== undefined && toCents(String(changes.estimatedValue)) !== toCents(String(current.estimatedValue));
    const isConditionChanged = changes.condition !== undefined && Number(changes.condition) !== Number(current.condition);
    if (isEstimateChanged || isConditionChanged) {
      const at = ctx.now();
      await recordEstimateChange(tx, {
        sneakerId: id,
        previous: { estimatedValue: String(current.estimatedValue), condition: String(current.condition) },
        at,
        forgetBefore: new Date(at.getTime() - STEP_UP_WINDOW_MS),
      });
    }
    await updateSneakerRow(tx, id, values);
    if (photosChanged) await replaceSneakerPhotoRows(tx, id, photos!.others);
    // First upload wins: a photo an edit puts on the listing counts from the edit's time (#41).
    const added = [
      ...(image ? [{ imageUrl: image.imageUrl, fingerprint: image.imageHash }] : []),
      ...(photosChanged ? photos!.others.map((p) => ({ imageUrl: p.url, fingerprint: p.imageHash })) : []),
    ];
    await recordListingPhotos(tx, { sneakerId: id, ownerId: current.userId, photos: added, at: ctx.now() });
  });
  ctx.events.emit('sneaker.updated', { sneakerId: id, userId: actorId });
  return toSneakerWithPhotos(ctx.db, (await findSneakerRecord(ctx.db, id))!, actorId);
}

/** What a dropped verification leaves: unverified, with no score or evidence that was about the old pair. */
const DROPPED_VERIFICATION = {
  isVerified: false,
  verificationScore: null,
  verificationDetails: null,
  verificationChecks: null,
  lastVerificationDate: null,
} satisfies Partial<SneakerValues>;

/** Whether the edit changes what a trading partner agreed to: identity, condition or description. */
function listingTextChanged(
  current: { condition: string; description: string | null } & Parameters<typeof changedIdentifyingFields>[0],
  changes: UpdateSneaker,
): boolean {
  if (changedIdentifyingFields(current, changes).length > 0) return true;
  if (changes.condition !== undefined && Number(changes.condition) !== Number(current.condition)) return true;
  return changes.description !== undefined && (changes.description ?? null) !== (current.description ?? null);
}

/** The plain column changes of an update (image and catalogue link are resolved separately). */
function fieldChanges(changes: UpdateSneaker): Partial<SneakerValues> {
  const { imageUrl: _image, photos: _photos, catalogReleaseId: _release, ...rest } = changes;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
}
