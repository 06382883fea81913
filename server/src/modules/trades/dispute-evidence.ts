import {
  DISPUTE_EVIDENCE_PER_SIDE,
  DISPUTE_PHOTO_NOT_UPLOADED,
  DISPUTE_PHOTOS_PER_SIDE,
  type AddDisputeEvidenceSchema,
  type DisputeEvidence,
  type DisputeEvidencePage,
  type DisputeEvidenceQuerySchema,
  disputePhotoUrl,
  disputeThumbnailName,
  parseDisputePhotoUrl,
} from '@soleswap/contracts/trades';
import { BLOCKED_MESSAGE } from '@soleswap/contracts/blocks';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { withinTransaction } from '../../db/within-transaction';
import { AppError, notFound } from '../../errors';
import { isBlockedEitherWay } from '../blocks/block-guard';
import { isImageUploadedBy } from '../uploads/upload-ownership';
import { canSeeTrade } from './trade-access';
import { findTradePartiesById } from './trade-records.repository';
import type { TradeViewer } from './trade-view';
import { countDisputeEvidenceOf, insertDisputeEvidence, listDisputeEvidence, type DisputeEvidenceRow } from './dispute-evidence.repository';
import { lockTrade } from './trades.repository';

function toEvidence(row: DisputeEvidenceRow, trade: { proposerId: string }): DisputeEvidence {
  return {
    id: row.id,
    tradeId: row.tradeId,
    userId: row.userId,
    side: row.userId === trade.proposerId ? 'proposer' : 'receiver',
    note: row.note,
    photos: row.photoNames.map((name) => ({
      imageUrl: disputePhotoUrl(row.tradeId, name),
      thumbnailUrl: disputePhotoUrl(row.tradeId, disputeThumbnailName(name)),
    })),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A party adds a note and/or photos to their trade's open dispute (POST
 * /api/trades/:id/dispute-evidence; docs/rules/trades.md#dispute-evidence). Only the two parties,
 * only while the trade is disputed, never across a block (as in the trade's chat), each photo one
 * the caller uploaded to this trade's dispute (POST .../dispute-evidence/photos: private, never a
 * public `/uploads/` picture; docs/rules/uploads.md#dispute-evidence-photos), and at most DISPUTE_EVIDENCE_PER_SIDE pieces and DISPUTE_PHOTOS_PER_SIDE
 * photos per side: counted under the trade's row lock, so two requests at once cannot pass the cap.
 */
export async function addDisputeEvidence(
  ctx: AppContext,
  { actor, tradeId, input }: { actor: TradeViewer; tradeId: number; input: z.output<typeof AddDisputeEvidenceSchema> },
): Promise<DisputeEvidence> {
  return withinTransaction(ctx.db, async (tx) => {
    const trade = await lockTrade(tx, tradeId);
    if (!trade || !canSeeTrade(trade, actor)) throw notFound('Trade');
    const isParty = trade.proposerId === actor.id || trade.receiverId === actor.id;
    if (!isParty) throw new AppError('FORBIDDEN', 'Only the two parties add evidence to a dispute');
    if (await isBlockedEitherWay(tx, trade.proposerId, trade.receiverId)) throw new AppError('BLOCKED', BLOCKED_MESSAGE);
    if (trade.status !== 'disputed') {
      throw new AppError('TRADE_INVALID_TRANSITION', `This trade is ${trade.status}: evidence is added while a dispute is open`);
    }
    const txCtx = { ...ctx, db: tx };
    const imageUrls = [...new Set(input.imageUrls)];
    const photoNames: string[] = [];
    for (const imageUrl of imageUrls) {
      const photo = parseDisputePhotoUrl(imageUrl);
      if (photo?.tradeId !== tradeId || !(await isImageUploadedBy(txCtx, { userId: actor.id, imageUrl }))) {
        throw new AppError('VALIDATION_FAILED', `imageUrls: ${DISPUTE_PHOTO_NOT_UPLOADED}`, { fields: { imageUrls: DISPUTE_PHOTO_NOT_UPLOADED } });
      }
      photoNames.push(photo.name);
    }
    const already = await countDisputeEvidenceOf(tx, tradeId, actor.id);
    if (already.items >= DISPUTE_EVIDENCE_PER_SIDE) {
      throw new AppError('CONFLICT', `Each side adds at most ${DISPUTE_EVIDENCE_PER_SIDE} pieces of evidence to a dispute`);
    }
    if (already.photos + photoNames.length > DISPUTE_PHOTOS_PER_SIDE) {
      const left = Math.max(0, DISPUTE_PHOTOS_PER_SIDE - already.photos);
      throw new AppError('CONFLICT', `Each side attaches at most ${DISPUTE_PHOTOS_PER_SIDE} photos to a dispute (${left} left)`);
    }
    const row = await insertDisputeEvidence(tx, {
      tradeId,
      userId: actor.id,
      note: input.note || null,
      photoNames,
      createdAt: ctx.now(),
    });
    return toEvidence(row, trade);
  });
}

/**
 * A dispute's evidence, oldest first (GET /api/trades/:id/dispute-evidence): for whoever may read
 * the trade, that is its two parties, and an admin once it was disputed; anyone else 404. A trade
 * never disputed has none. Two reads: the trade's parties, and the page.
 */
export async function findDisputeEvidence(
  ctx: AppContext,
  { viewer, tradeId, query }: { viewer: TradeViewer; tradeId: number; query: z.output<typeof DisputeEvidenceQuerySchema> },
): Promise<DisputeEvidencePage> {
  const trade = await findTradePartiesById(ctx.db, tradeId);
  if (!trade || !canSeeTrade(trade, viewer)) throw notFound('Trade');
  const rows = await listDisputeEvidence(ctx.db, tradeId, query.cursor ?? 0, query.limit);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => toEvidence(row, trade)),
    nextCursor: rows.length > query.limit ? String(page[page.length - 1]!.id) : null,
  };
}
