import { BLOCKED_MESSAGE } from '@soleswap/contracts/blocks';
import { DISPUTE_PHOTO_NAME, disputePhotoUrl, type DisputeEvidence } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { isBlockedEitherWay } from '../blocks/block-guard';
import { readPrivateImage } from '../uploads/image-store';
import { savePrivateImage } from '../uploads/save-image';
import { isImageUploadedBy, recordImageUpload } from '../uploads/upload-ownership';
import { isPhotoOfDisputeEvidence } from './dispute-evidence.repository';
import { canSeeTrade } from './trade-access';
import { findTradePartiesById } from './trade-records.repository';
import type { TradeViewer } from './trade-view';
import { findTradeById } from './trades.repository';

type DisputePhoto = DisputeEvidence['photos'][number];

/**
 * A party uploads a photo for their trade's open dispute (POST
 * /api/trades/:id/dispute-evidence/photos; docs/rules/uploads.md#dispute-evidence-photos). The same
 * checks as adding evidence come first (the trade's parties only, while disputed, never across a
 * block), so nobody else gets an image decoded; then `readBytes` reads the upload, which goes
 * through the image pipeline into the private folder. The answer's URLs are private: the picture is
 * never under the public `/uploads/`. Attaching it is POST /api/trades/:id/dispute-evidence.
 */
export async function uploadDisputePhoto(
  ctx: AppContext,
  { actor, tradeId, readBytes }: { actor: TradeViewer; tradeId: number; readBytes: () => Promise<Uint8Array> },
): Promise<DisputePhoto> {
  const trade = await findTradeById(ctx.db, tradeId);
  if (!trade || !canSeeTrade(trade, actor)) throw notFound('Trade');
  if (trade.proposerId !== actor.id && trade.receiverId !== actor.id) {
    throw new AppError('FORBIDDEN', 'Only the two parties add photos to a dispute');
  }
  if (await isBlockedEitherWay(ctx.db, trade.proposerId, trade.receiverId)) throw new AppError('BLOCKED', BLOCKED_MESSAGE);
  if (trade.status !== 'disputed') {
    throw new AppError('TRADE_INVALID_TRANSITION', `This trade is ${trade.status}: photos are added while a dispute is open`);
  }
  const stored = await savePrivateImage(ctx, { bytes: await readBytes() });
  const imageUrl = disputePhotoUrl(tradeId, stored.name);
  await recordImageUpload(ctx, { userId: actor.id, imageUrl });
  return { imageUrl, thumbnailUrl: disputePhotoUrl(tradeId, stored.thumbnailName) };
}

/**
 * One dispute photo or its thumbnail (GET /api/trades/:id/dispute-evidence/photos/:name): for
 * whoever may read the trade (its two parties, and an admin once it was disputed), and only a
 * photo of this trade's evidence, or one the caller uploaded to it and has not attached yet.
 * Anyone else, and any other name, is told there is no such thing (404).
 */
export async function getDisputePhoto(
  ctx: AppContext,
  { viewer, tradeId, name }: { viewer: TradeViewer; tradeId: number; name: string },
): Promise<Buffer> {
  if (!DISPUTE_PHOTO_NAME.test(name)) throw notFound('Photo');
  const trade = await findTradePartiesById(ctx.db, tradeId);
  if (!trade || !canSeeTrade(trade, viewer)) throw notFound('Trade');
  const photo = name.replace(/-400\.webp$/, '.webp');
  const isShown =
    (await isPhotoOfDisputeEvidence(ctx.db, tradeId, photo)) ||
    (await isImageUploadedBy(ctx, { userId: viewer.id, imageUrl: disputePhotoUrl(tradeId, photo) }));
  const bytes = isShown ? await readPrivateImage(ctx.env.DATA_DIR, name) : null;
  if (!bytes) throw notFound('Photo');
  return bytes;
}
