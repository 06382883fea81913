import { describe, expect, it } from 'vitest';
import { AddDisputeEvidenceSchema, DISPUTE_PHOTO_NAME, disputePhotoUrl, disputeThumbnailName, parseDisputePhotoUrl } from './trades';

const HASH = '0123456789abcdef0123456789abcdef';

describe('dispute photos are private URLs of their trade (docs/rules/uploads.md#dispute-evidence-photos)', () => {
  it('names a photo under its trade and reads it back', () => {
    const url = disputePhotoUrl(42, `${HASH}.webp`);
    expect(url).toBe(`/api/trades/42/dispute-evidence/photos/${HASH}.webp`);
    expect(parseDisputePhotoUrl(url)).toEqual({ tradeId: 42, name: `${HASH}.webp` });
    expect(disputeThumbnailName(`${HASH}.webp`)).toBe(`${HASH}-400.webp`);
    expect(DISPUTE_PHOTO_NAME.test(`${HASH}-400.webp`)).toBe(true);
    for (const bad of ['../x.webp', `${HASH}.png`, `${HASH.toUpperCase()}.webp`, `${HASH}0.webp`, ''])
      expect(DISPUTE_PHOTO_NAME.test(bad), bad).toBe(false);
  });

  it('takes only dispute photo URLs as evidence, never a public /uploads/ picture or another address', () => {
    const ok = AddDisputeEvidenceSchema.safeParse({ imageUrls: [disputePhotoUrl(42, `${HASH}.webp`)] });
    expect(ok.success).toBe(true);
    for (const bad of [
      `/uploads/01/${HASH}.webp`,
      disputePhotoUrl(42, `${HASH}-400.webp`),
      `/api/trades/0/dispute-evidence/photos/${HASH}.webp`,
      `https://example.com/api/trades/42/dispute-evidence/photos/${HASH}.webp`,
      `/api/trades/42/dispute-evidence/photos/${HASH}.webp?x=1`,
    ]) {
      const result = AddDisputeEvidenceSchema.safeParse({ imageUrls: [bad] });
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Attach photos you uploaded to this dispute');
    }
  });
});
