import { HOUR_MS } from '@soleswap/contracts/time';
import { sql } from 'drizzle-orm';
import { LOOP_ACCEPT_HOURS, type ClearingRunResult } from '@soleswap/contracts/loops';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { clearMarket } from './clearing/clear-market';
import { MAX_MEMBERS } from './clearing/market-graph';
import { loadMarket } from './load-market';
import type { MarketWantlists } from './market-wantlists';
import { countMarketPairOwners } from './market.repository';
import { findDeclinedFingerprints, insertLoop } from './loops.repository';

/** The market has more members than the clearing engine takes (MAX_MEMBERS): 409, until it shrinks. */
export class MarketTooLargeError extends AppError {
  constructor(owners: number) {
    super('CONFLICT', `The market has at least ${owners} members, above the clearing limit of ${MAX_MEMBERS}: it cannot be cleared in one run`);
  }
}
/** Key of the advisory lock that lets one clearing run at a time, across instances. */
const CLEARING_LOCK = 7_345_014;

/**
 * One clearing run (the hourly `loops.clear` job, or an admin's POST /api/admin/loops/run): load
 * the market, let the clearing engine choose member-disjoint loops, and propose each as a loop
 * trade every member must accept within LOOP_ACCEPT_HOURS. Runs hold an advisory lock and read
 * the market inside their transaction, so two runs never propose the same pair twice; a proposed
 * pair leaves the market until its loop is declined or expires. The wantlists are read through
 * `wantlists`, handed in by the wants module (see MarketWantlists).
 */
export async function runClearing(ctx: AppContext, wantlists: MarketWantlists): Promise<ClearingRunResult> {
  const at = ctx.now();
  const { result, loopIds, userIds } = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(CLEARING_LOCK))})`);
    // A market above the engine's limit would be loaded whole only to be refused: count first.
    const owners = await countMarketPairOwners(tx, wantlists);
    if (owners > MAX_MEMBERS) {
      throw new MarketTooLargeError(owners);
    }
    const market = await loadMarket({ ...ctx, db: tx }, wantlists);
    // A loop its members declined is not proposed again while its pairs and wants are unchanged.
    const declinedFingerprints = await findDeclinedFingerprints(tx);
    const result = await clearMarket(market.listings, market.wants, {
      solverTimeLimitSeconds: 10,
      excludedPairs: market.excludedPairs,
      declinedFingerprints,
    });
    const loopIds: number[] = [];
    const userIds: string[][] = [];
    for (const chosen of result.loops) {
      const loop = await insertLoop(
        tx,
        {
          status: 'proposed',
          acceptBy: new Date(at.getTime() + LOOP_ACCEPT_HOURS * HOUR_MS),
          fingerprint: chosen.fingerprint,
          createdAt: at,
          updatedAt: at,
        },
        chosen.steps.map((step, position) => ({
          position,
          fromUserId: String(step.giverId),
          toUserId: String(step.receiverId),
          sneakerIds: [Number(step.pairId)],
          value: (step.valueCents / 100).toFixed(2),
        })),
      );
      loopIds.push(loop.id);
      userIds.push(chosen.steps.map((s) => String(s.giverId)));
    }
    return { result, loopIds, userIds };
  });
  loopIds.forEach((loopId, i) =>
    ctx.events.emit('loop.changed', { loopId, action: 'propose', actorId: null, status: 'proposed', userIds: userIds[i]! }),
  );
  return {
    loopIds,
    members: result.stats.members,
    pairs: result.stats.pairs,
    wants: result.stats.wants,
    method: result.selection.method,
  };
}
