import type { ClearFlag, ConfirmFlag, FlaggedPair, VerificationCheckResult } from '@soleswap/contracts/verification';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { recordAdminAction } from '../admin-audit/record-admin-action';
import { artworkUrl } from '../catalog/artwork-url';
import { findReleaseById } from '../catalog/release-records';
import { findUsernameRows } from '../users/member-records';
import { sneakerVerdict } from './sneaker-verdict';
import { findSneakerRow, updateSneakerRow, type SneakerRow } from './sneakers.repository';
import { findFlaggedSneakerRows } from './verification-review.repository';

/** How many pairs the queue shows at once (the oldest first: they waited longest). */
export const FLAGGED_QUEUE_LIMIT = 100;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * GET /api/admin/verification/flagged: the operator's review queue. Each pair comes with the
 * evidence of its flagged verification beside the release it was matched with (its picture and
 * style code), so the photo and the release can be compared side by side.
 */
export async function findFlaggedPairs(ctx: AppContext): Promise<FlaggedPair[]> {
  const rows = await findFlaggedSneakerRows(ctx.db, FLAGGED_QUEUE_LIMIT);
  const flagged = rows.filter((row) => sneakerVerdict(row, ctx.now()).status === 'flagged');
  const owners = new Map((await findUsernameRows(ctx.db, [...new Set(flagged.map((r) => r.userId))])).map((u) => [u.id, u.username]));
  const pairs: FlaggedPair[] = [];
  for (const row of flagged) {
    const release = row.catalogReleaseId === null ? null : await findReleaseById(ctx.db, row.catalogReleaseId);
    pairs.push({
      sneaker: summaryOf(row, owners.get(row.userId) ?? null),
      verdict: sneakerVerdict(row, ctx.now()),
      checks: (row.verificationChecks as VerificationCheckResult[] | null) ?? [],
      release: release
        ? { id: release.id, name: release.name, styleCode: release.styleCode, colorway: release.colorway, imageUrl: artworkUrl(release) }
        : null,
      review: row.verificationReview,
      reviewNote: row.verificationReviewNote,
      reviewedAt: iso(row.verificationReviewedAt),
      appealedAt: iso(row.verificationAppealedAt),
    });
  }
  return pairs;
}

/** The pair, locked for the review; 404 unless it exists, 409 unless it is flagged now (verdictOf). */
async function lockFlagged(tx: Db, id: number): Promise<SneakerRow> {
  const row = await findSneakerRow(tx, id, { forUpdate: true });
  if (!row) throw notFound('Sneaker');
  // A cleared flag, or a verdict dropped by an edit, has nothing left to review.
  if (sneakerVerdict(row).status !== 'flagged') throw new AppError('CONFLICT', `${row.name} is not flagged for review`);
  return row;
}

/** What a review answers: the pair as it now stands, with the review. */
export type ReviewedPair = FlaggedPair['sneaker'] & { review: 'confirmed' | 'cleared' };

/**
 * The operator confirms the flag: it stands, and the listing is hidden from trading (its pending
 * proposals can no longer be accepted). Recorded in the admin audit log with the note.
 */
export async function confirmFlag(
  ctx: AppContext,
  { adminId, id, input }: { adminId: string; id: number; input: ConfirmFlag },
): Promise<ReviewedPair> {
  const note = input.note || null;
  const row = await ctx.db.transaction(async (tx) => {
    const locked = await lockFlagged(tx, id);
    const at = ctx.now();
    await updateSneakerRow(tx, id, {
      verificationReview: 'confirmed',
      verificationReviewNote: note,
      verificationReviewedAt: at,
      isAvailableForTrade: false,
      updatedAt: at,
    });
    await recordAdminAction(tx, { adminId, action: 'confirm-flag', targetType: 'listing', targetId: id, note, at });
    return locked;
  });
  ctx.events.emit('sneaker.updated', { sneakerId: id, userId: row.userId });
  return { ...summaryOf(row), isAvailableForTrade: false, review: 'confirmed' };
}

/** The operator clears the flag with a note: the pair reads "Not verified" until it is verified again. */
export async function clearFlag(ctx: AppContext, { adminId, id, input }: { adminId: string; id: number; input: ClearFlag }): Promise<ReviewedPair> {
  const row = await ctx.db.transaction(async (tx) => {
    const locked = await lockFlagged(tx, id);
    const at = ctx.now();
    await updateSneakerRow(tx, id, { verificationReview: 'cleared', verificationReviewNote: input.note, verificationReviewedAt: at, updatedAt: at });
    await recordAdminAction(tx, { adminId, action: 'clear-flag', targetType: 'listing', targetId: id, note: input.note, at });
    return locked;
  });
  ctx.events.emit('sneaker.updated', { sneakerId: id, userId: row.userId });
  return { ...summaryOf(row), review: 'cleared' };
}

/**
 * POST /api/sneakers/:id/appeal: the owner of a flagged pair asks an operator to look again,
 * once per pair; the pair comes (back) to the top of the queue. Others get 404 (as for a hidden
 * listing), a pair that is not flagged 409, a second appeal 409.
 */
export async function appealFlag(ctx: AppContext, { actorId, id }: { actorId: string; id: number }): Promise<{ id: number; appealedAt: string }> {
  return ctx.db.transaction(async (tx) => {
    const row = await findSneakerRow(tx, id, { forUpdate: true });
    if (!row || row.userId !== actorId) throw notFound('Sneaker');
    const isFlaggedNow = sneakerVerdict(row, ctx.now()).status === 'flagged';
    if (!isFlaggedNow) throw new AppError('CONFLICT', `${row.name} is not flagged for review: there is nothing to appeal`);
    if (row.verificationAppealedAt !== null) throw new AppError('CONFLICT', `You have already appealed the flag on ${row.name}`);
    const at = ctx.now();
    await updateSneakerRow(tx, id, { verificationAppealedAt: at, updatedAt: at });
    return { id, appealedAt: at.toISOString() };
  });
}

function summaryOf(row: SneakerRow, ownerName: string | null = null): FlaggedPair['sneaker'] {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    model: row.model,
    colorway: row.colorway,
    styleCode: row.styleCode,
    size: row.size,
    condition: row.condition,
    imageUrl: row.imageUrl,
    isAvailableForTrade: row.isAvailableForTrade,
    owner: { id: row.userId, username: ownerName },
  };
}
