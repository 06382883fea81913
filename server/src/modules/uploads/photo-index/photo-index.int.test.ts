import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/test-app';
import { photoPrintKeys, photoPrints } from '../../../db/schema/index';
import { generatedPhoto } from '../../verification/test-support/generated-photo';
import { indexKeys, KEYS_VERSION, queryKeys } from '../photo-match/feature-keys';
import { encodeFeatures, extractFeatures, QUERY_KEYPOINTS } from '../photo-match/photo-features';
import { BUCKET_CAP, MAX_CANDIDATES, MIN_VOTES } from './find-copied-photos';
import { rekeyPhotoPrints } from './index-photo-features';
import { findCandidatePrints } from './photo-prints.repository';

const OWNER = '00000000-0000-4000-8000-00000000a041';
const COPIER = '00000000-0000-4000-8000-00000000b041';
const seenAt = new Date('2026-01-01T00:00:00Z');

/** Issue #41: the photo index at scale (docs/rules/verification.md#photo-matching). */
describe('the photo index', () => {
  const testApp = useTestApp();

  async function print(sneakerId: number, keys: number[], features: string | null = '') {
    const [row] = await testApp()
      .ctx.db.insert(photoPrints)
      .values({ sneakerId, ownerId: OWNER, imageUrl: `/uploads/${sneakerId}.webp`, seenAt, fingerprint: '0', features, keysVersion: KEYS_VERSION })
      .returning({ id: photoPrints.id });
    if (keys.length > 0)
      await testApp()
        .ctx.db.insert(photoPrintKeys)
        .values(keys.map((key) => ({ key, printId: row!.id })));
    return row!.id;
  }
  const ask = (keys: number[]) => ({
    keys,
    sneakerId: 0,
    ownerId: COPIER,
    before: new Date('2100-01-01'),
    beforeId: 0,
    minVotes: MIN_VOTES,
    limit: MAX_CANDIDATES,
    bucketCap: BUCKET_CAP,
  });

  it('finds the original by its rare keys when a crowd of other photos shares more of the copy’s common keys (the stop list)', async () => {
    // Common runs (a plain background's, a stock logo's) that more than BUCKET_CAP stored photos share.
    const common = [9001, 9002, 9003, 9004, 9005, 9006];
    for (let i = 0; i < BUCKET_CAP + 8; i++) await print(100 + i, [...common, 20_000 + i]);
    const original = await print(99, [11, 12, 13, 14, 15]);

    const found = await findCandidatePrints(testApp().ctx.db, ask([11, 12, 13, 14, ...common]));
    // Counting every key, the crowd's six common keys outvoted the original's four and it was never checked.
    expect(found.map((p) => p.id)).toEqual([original]);
    expect(found[0]!.votes).toBe(4);
  });

  it('re-keys photos indexed under the old key scheme from their stored features, and a copy then finds them', { timeout: 60_000 }, async () => {
    const features = await extractFeatures(await generatedPhoto(41_900, 800, 600));
    const id = await print(500, [123, 456], encodeFeatures(features));
    await testApp().ctx.db.update(photoPrints).set({ keysVersion: 0 }).where(eq(photoPrints.id, id));

    expect(await rekeyPhotoPrints(testApp().ctx)).toBeGreaterThanOrEqual(1);
    const [row] = await testApp().ctx.db.select().from(photoPrints).where(eq(photoPrints.id, id));
    expect(row!.keysVersion).toBe(KEYS_VERSION);
    const keys = await testApp()
      .ctx.db.select({ key: photoPrintKeys.key })
      .from(photoPrintKeys)
      .where(inArray(photoPrintKeys.printId, [id]));
    expect(keys.map((k) => k.key).sort()).toEqual(indexKeys(features).sort());
    // A second run has nothing left to do.
    expect(await rekeyPhotoPrints(testApp().ctx)).toBe(0);

    const checked = await extractFeatures(await generatedPhoto(41_900, 1000, 750), QUERY_KEYPOINTS);
    const found = await findCandidatePrints(testApp().ctx.db, ask(queryKeys(checked)));
    expect(found.map((p) => p.id)).toContain(id);
  });
});
