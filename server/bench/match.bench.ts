/**
 * Match clearing benchmark (npm run bench:match): a seeded synthetic market shaped like the real
 * one (Zipf popularity over the shipped catalogue, feet around US 9–11, mostly good condition),
 * cleared in-process with no database. Prints timing, peak memory, loops by length, members
 * traded against the unbounded cycle cover, and on small markets the heuristic's gap to the exact
 * optimum. Flags: --members --pairs --wants --seed (defaults 10,000 / 100,000 / 100,000 / 1).
 * Exits 1 when a target is missed: ≤ 10 s, ≤ 1 GB, ≥ 60% of the unbounded cover, ≤ 2% gap.
 */
import { parseArgs } from 'node:util';
import { catalogMarketReleases } from '../src/modules/loops/clearing/catalog-market-releases';
import { clearMarket } from '../src/modules/loops/clearing/clear-market';
import { maxCycleCover } from '../src/modules/loops/clearing/cycle-cover';
import { generateMarket } from '../src/modules/loops/clearing/market-generator';
import { buildMarketGraph } from '../src/modules/loops/clearing/market-graph';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '10000' },
    pairs: { type: 'string', default: '100000' },
    wants: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '1' },
  },
});
const spec = { members: Number(values.members), pairs: Number(values.pairs), wants: Number(values.wants), seed: Number(values.seed) };
const releases = catalogMarketReleases();
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const failures: string[] = [];

async function main() {
  console.log(`[match] ${spec.members} members, ${spec.pairs} pairs, ${spec.wants} wants, seed ${spec.seed}, ${releases.length} releases`);
  const market = generateMarket({ ...spec, releases });
  const rssBefore = process.memoryUsage().rss;
  const cpuBefore = process.cpuUsage();
  const result = await clearMarket(market.listings, market.wants);
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const peakRss = process.resourceUsage().maxRSS * 1024;
  const heap = process.memoryUsage().heapUsed;
  const { stats, timings, selection } = result;

  console.log(
    `clearing time       ${(timings.totalMs / 1000).toFixed(2)} s (graph ${ms(timings.graphMs)}, candidates ${ms(timings.candidatesMs)}, selection ${ms(timings.selectionMs)}); CPU ${ms(cpuMs)}`,
  );
  console.log(`memory              peak RSS ${mb(peakRss)} (before clearing ${mb(rssBefore)}), heap after ${mb(heap)}`);
  console.log(
    `member graph        ${stats.memberEdges} giver→receiver edges (${((100 * stats.memberEdges) / (stats.members * stats.members)).toFixed(1)}% dense)`,
  );
  console.log(
    `candidate loops     ${stats.candidateLoops} (2: ${stats.candidatesByLength[2]}, 3: ${stats.candidatesByLength[3]}, 4: ${stats.candidatesByLength[4]})`,
  );
  console.log(`selection           ${selection.method}${selection.reason ? ` (${selection.reason})` : ''}, gap ${selection.gap ?? 'n/a'}`);
  console.log(
    `loops chosen        ${result.loops.length} (2: ${stats.loopsByLength[2]}, 3: ${stats.loopsByLength[3]}, 4: ${stats.loopsByLength[4]})`,
  );
  console.log(`traded              ${stats.membersTraded} members, ${stats.pairsTraded} pairs of ${stats.members} members`);

  const coverStart = performance.now();
  const cover = maxCycleCover(buildMarketGraph(market.listings, market.wants).out);
  const ratio = cover.traded === 0 ? 1 : stats.membersTraded / cover.traded;
  console.log(
    `unbounded cover     ${cover.traded} members, ${cover.traded} pairs (${ms(performance.now() - coverStart)} incl. graph); loops reach ${(100 * ratio).toFixed(1)}%`,
  );

  if (timings.totalMs > 10_000) failures.push(`clearing took ${ms(timings.totalMs)} (target 10 s)`);
  if (peakRss > 1024 ** 3) failures.push(`peak RSS ${mb(peakRss)} (target 1 GB)`);
  if (ratio < 0.6) failures.push(`loops trade ${(100 * ratio).toFixed(1)}% of the unbounded cover (target 60%)`);

  console.log('\n[match] heuristic against the exact program (same candidate loops; solver limit 30 s)');
  for (const [members, wantsEach] of [
    [200, 10],
    [500, 10],
    [500, 2],
  ] as const) {
    const small = generateMarket({ members, pairs: members * wantsEach, wants: members * wantsEach, seed: spec.seed, releases });
    const auto = await clearMarket(small.listings, small.wants, { solverTimeLimitSeconds: 30 });
    const exact = await clearMarket(small.listings, small.wants, { method: 'exact', solverTimeLimitSeconds: 30 });
    const heuristic = await clearMarket(small.listings, small.wants, { method: 'heuristic' });
    const gap = exact.selection.objective === 0 ? 0 : (exact.selection.objective - heuristic.selection.objective) / exact.selection.objective;
    const memberGap = exact.stats.membersTraded === 0 ? 0 : (exact.stats.membersTraded - heuristic.stats.membersTraded) / exact.stats.membersTraded;
    console.log(
      `${members} members × ${wantsEach} wants: ${exact.stats.candidateLoops} candidates; auto ran ${auto.selection.method} (gap ${auto.selection.gap ?? 'n/a'}) ` +
        `trading ${auto.stats.membersTraded}; exact ${exact.stats.membersTraded} members in ${ms(exact.timings.selectionMs)} (solver gap ${exact.selection.gap ?? 'n/a'}); ` +
        `heuristic ${heuristic.stats.membersTraded} in ${ms(heuristic.timings.selectionMs)}: gap ${(100 * memberGap).toFixed(2)}% members, ${(100 * gap).toFixed(3)}% objective`,
    );
    if (auto.selection.method === 'heuristic' && memberGap > 0.02)
      failures.push(`${members}×${wantsEach}: fallback ran and is ${(100 * memberGap).toFixed(2)}% short`);
  }

  if (failures.length > 0) {
    console.log(`\n[match] MISSED: ${failures.join('; ')}`);
    return 1;
  }
  console.log('\n[match] all targets met');
  return 0;
}

function ms(value: number) {
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(0)} ms`;
}

process.exitCode = await main();
