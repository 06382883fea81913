import type { z } from 'zod';
import { MAX_WANTS, type CreateWantSchema, type Want } from '@soleswap/contracts/wants';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { findMyWants } from './find-my-wants';
import { recordNewMatches } from './record-new-matches';
import { wantedSizesInRun } from './want-rules';
import { lockMembers } from '../users/member-records';
import { countWantsOf, findWantByRelease, insertWant, releaseSizing } from './wants.repository';

/**
 * Adds a release to the member's wantlist, as their last choice. One want per release (change
 * its sizes instead); at most MAX_WANTS. New two-way matches are recorded and announced.
 */
export async function createWant(ctx: AppContext, { userId, input }: { userId: string; input: z.output<typeof CreateWantSchema> }): Promise<Want> {
  const created = await ctx.db.transaction(async (tx) => {
    await lockMembers(tx, [userId]);
    const release = await releaseSizing(tx, input.catalogReleaseId);
    if (!release) {
      throw new AppError('VALIDATION_FAILED', 'That release is not in the catalogue', {
        fields: { catalogReleaseId: 'Choose a release from the catalogue' },
      });
    }
    const sizes = wantedSizesInRun(input.sizes, release);
    if (await findWantByRelease(tx, userId, input.catalogReleaseId)) {
      throw new AppError('CONFLICT', 'This release is already on your wantlist: change its sizes instead');
    }
    const { count, maxRank } = await countWantsOf(tx, userId);
    if (count >= MAX_WANTS) throw new AppError('VALIDATION_FAILED', `A wantlist holds at most ${MAX_WANTS} releases`);
    const at = ctx.now();
    return insertWant(tx, {
      userId,
      catalogReleaseId: input.catalogReleaseId,
      sizes,
      minCondition: input.minCondition,
      maxValue: input.maxValue ?? null,
      rank: maxRank + 1,
      createdAt: at,
      updatedAt: at,
    });
  });
  await recordNewMatches(ctx, { userId });
  const mine = await findMyWants(ctx, { userId });
  return mine.find((w) => w.id === created.id)!;
}
