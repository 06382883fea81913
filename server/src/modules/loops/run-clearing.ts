import { HOUR_MS } from '@soleswap/contracts/time';
import { sql } from 'drizzle-orm';
import { LOOP_ACCEPT_HOURS, type ClearingRunResult } from '@soleswap/contracts/loops';
import type { AppContext } from '../../context';
import { clearMarketInWorker } from './clearing/clear-in-worker';
import type { ClearOptions } from './clearing/clear-market';
import { findPairMarketValues } from '../sneakers/pair-market-values';
import { protectionHoldsOfSenders } from '../wallet/protection-hold-amounts';
import { directLegsOnly } from './direct-legs-only';
import { loadMarket } from './load-market';
import type { MarketWantlists } from './market-wantlists';
import { findDeclinedFingerprints, insertLoop } from './loops.repository';

/** Engine settings a caller may change: tests cut small markets into parts with a low `partMembers`. */
export type ClearingTuning = Pick<ClearOptions, 'partMembers'>;
/** Key of the advisory lock that lets one clearing run at a time, across instances. */
const CLEARING_LOCK = 7_345_014;

/**
 * One clearing run (the hourly `loops.clear` job, or an admin's POST /api/admin/loops/run): load
 * the market, let the clearing engine choose member-disjoint loops, and propose each as a loop
 * trade every member must accept within LOOP_ACCEPT_HOURS. Runs hold an advisory lock and read
 * the market inside their transaction, so two runs never propose the same pair twice; a proposed
 * pair leaves the market until its loop is declined or expires. Any market is cleared, in parts
 * (clearing/clear-market.ts). The wantlists are read through
 * `wantlists`, handed in by the wants module (see MarketWantlists).
 */
export async function runClearing(ctx: AppContext, wantlists: MarketWantlists, tuning: ClearingTuning = {}): Promise<ClearingRunResult> {
  const at = ctx.now();
  const { result, loopIds, userIds } = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(CLEARING_LOCK))})`);
    // A pair that must go via the authentication centre is no direct loop leg.
    const market = directLegsOnly(await loadMarket({ ...ctx, db: tx }, wantlists), ctx.env);
    // A loop its members declined is not proposed again while its pairs and wants are unchanged.
    const declinedFingerprints = await findDeclinedFingerprints(tx);
    // On a worker thread (a market of a million pairs takes tens of seconds): requests go on being answered.
    const result = await clearMarketInWorker(market, {
      ...tuning,
      ...(ctx.env.CLEARING_THREADS ? { threads: ctx.env.CLEARING_THREADS } : {}),
      solverTimeLimitSeconds: 10,
      declinedFingerprints,
    });
    // Each leg valued and each giver's protection hold fixed as a trade's proposal fixes them, by the
    // one rule (wallet/protection-hold-amounts.ts): the loops of one run are member-disjoint.
    const steps = result.loops.flatMap((chosen) => chosen.steps);
    const values = await findPairMarketValues(
      tx,
      steps.map((step) => Number(step.pairId)),
    );
    const holds = await protectionHoldsOfSenders(
      { ...ctx, db: tx },
      steps.map((step) => ({ memberId: String(step.giverId), sneakerIds: [Number(step.pairId)] })),
    );
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
          value: ((values.get(Number(step.pairId))?.valueCents ?? step.valueCents) / 100).toFixed(2),
          holdCents: holds.get(String(step.giverId)) ?? 0,
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
