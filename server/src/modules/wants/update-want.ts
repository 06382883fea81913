import type { z } from 'zod';
import type { UpdateWantSchema, Want } from '@soleswap/contracts/wants';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { findMyWants } from './find-my-wants';
import { recordNewMatches } from './record-new-matches';
import { wantedSizesInRun } from './want-rules';
import { lockWantOf, releaseSizing, updateWantRow } from './wants.repository';

/** Changes the sizes, minimum condition or value cap of one of the member's wants (others': 404). */
export async function updateWant(
  ctx: AppContext,
  { userId, wantId, input }: { userId: string; wantId: number; input: z.output<typeof UpdateWantSchema> },
): Promise<Want> {
  await ctx.db.transaction(async (tx) => {
    const want = await lockWantOf(tx, userId, wantId);
    if (!want) throw notFound('Want');
    const sizes = wantedSizesInRun(input.sizes, (await releaseSizing(tx, want.catalogReleaseId)) ?? { brand: '', sizes: [] });
    await updateWantRow(tx, wantId, {
      sizes,
      minCondition: input.minCondition,
      maxValue: input.maxValue ?? null,
      updatedAt: ctx.now(),
    });
  });
  await recordNewMatches(ctx, { userId });
  return (await findMyWants(ctx, { userId })).find((w) => w.id === wantId)!;
}
