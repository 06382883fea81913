/**
 * Match clearing benchmark (npm run bench:match): a seeded synthetic market shaped like the real
 * one (Zipf popularity over the shipped catalogue, feet around US 9–11, mostly good condition),
 * cleared with no database on the worker threads the server uses (a clearing thread, whose parts go
 * to a pool of --threads threads, the server's CLEARING_THREADS; unset: defaultPartThreads()). Prints wall and CPU time, peak
 * memory, the load average, loops by length, members traded against the unbounded cycle cover
 * (exact up to MAX_MEMBERS, where its dense matrices still fit; above, against the members of
 * non-trivial strongly connected components, a bound no cover exceeds), and on small markets the
 * heuristic's gap to the exact optimum. Flags: --members --pairs --wants --seed (defaults 10,000 /
 * 100,000 / 100,000 / 1), --part-members (PART_MEMBERS). Exits 1 when a target is missed: ≤ 60 s, ≤ 1 GB, ≥ 95% of the unbounded
 * cover, ≤ 2% gap.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { catalogMarketReleases } from '../src/modules/loops/clearing/catalog-market-releases';
import { clearMarketInWorker } from '../src/modules/loops/clearing/clear-in-worker';
import { clearMarket } from '../src/modules/loops/clearing/clear-market';
import { maxCycleCover } from '../src/modules/loops/clearing/cycle-cover';
import { generateMarket } from '../src/modules/loops/clearing/market-generator';
import { buildMarketGraph, MAX_MEMBERS } from '../src/modules/loops/clearing/market-graph';
import { PART_MEMBERS } from '../src/modules/loops/clearing/market-parts';
import { defaultPartThreads } from '../src/modules/loops/clearing/part-pool';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '10000' },
    // Threads clearing parts at once (the server's CLEARING_THREADS); unset: defaultPartThreads().
    threads: { type: 'string' },
    pairs: { type: 'string', default: '100000' },
    wants: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '1' },
    'part-members': { type: 'string', default: String(PART_MEMBERS) },
  },
});
const spec = { members: Number(values.members), pairs: Number(values.pairs), wants: Number(values.wants), seed: Number(values.seed) };
const releases = catalogMarketReleases();
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const failures: string[] = [];
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

async function main() {
  console.log(
    `[match] ${spec.members} members, ${spec.pairs} pairs, ${spec.wants} wants, seed ${spec.seed}, ${releases.length} releases, parts of up to ${values['part-members']} members`,
  );
  const market = generateMarket({ ...spec, releases });
  const rssBefore = process.memoryUsage().rss;
  const cpuBefore = process.cpuUsage();
  const loadBefore = load();
  const wallStart = performance.now();
  const threads = values.threads ? Number(values.threads) : defaultPartThreads();
  const result = await clearMarketInWorker(market, { partMembers: Number(values['part-members']), threads });
  const wallMs = performance.now() - wallStart;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const peakRss = process.resourceUsage().maxRSS * 1024;
  const { stats, timings, selection } = result;

  console.log(`load average        ${loadBefore} before, ${load()} after (1, 5, 15 min; the machine is shared)`);
  console.log(
    `clearing time       ${ms(wallMs)} wall on the worker threads (${threads} clearing parts at once), market handed over included; CPU ${ms(cpuMs)} (all threads); ` +
      `summed over the threads: graphs ${ms(timings.graphMs)}, candidates ${ms(timings.candidatesMs)}, selection ${ms(timings.selectionMs)}`,
  );
  console.log(`memory              peak RSS ${mb(peakRss)} for the whole process (before clearing ${mb(rssBefore)}, mostly the generated market)`);
  console.log(
    `decomposition       ${stats.tradableMembers} of ${stats.members} members in non-trivial strongly connected components; cleared in ${stats.parts} parts; ${stats.memberEdges} giver→receiver edges inside parts`,
  );
  console.log(
    `candidate loops     ${stats.candidateLoops} (2: ${stats.candidatesByLength[2]}, 3: ${stats.candidatesByLength[3]}, 4: ${stats.candidatesByLength[4]})`,
  );
  console.log(`selection           ${selection.method}${selection.reason ? ` (${selection.reason})` : ''}, gap ${selection.gap ?? 'n/a'}`);
  console.log(
    `loops chosen        ${result.loops.length} (2: ${stats.loopsByLength[2]}, 3: ${stats.loopsByLength[3]}, 4: ${stats.loopsByLength[4]})`,
  );
  console.log(`traded              ${stats.membersTraded} members, ${stats.pairsTraded} pairs of ${stats.members} members`);

  const boundRatio = stats.tradableMembers === 0 ? 1 : stats.membersTraded / stats.tradableMembers;
  console.log(`cover bound         ${stats.tradableMembers} members (no cycle cover trades more); loops reach ${(100 * boundRatio).toFixed(2)}%`);
  let ratio = boundRatio;
  if (stats.members <= MAX_MEMBERS) {
    const coverStart = performance.now();
    const cover = maxCycleCover(buildMarketGraph(market.listings, market.wants).out);
    ratio = cover.traded === 0 ? 1 : stats.membersTraded / cover.traded;
    console.log(
      `unbounded cover     ${cover.traded} members, ${cover.traded} pairs (${ms(performance.now() - coverStart)} incl. its dense graph); loops reach ${(100 * ratio).toFixed(2)}%`,
    );
  } else {
    console.log(`unbounded cover     not computed above ${MAX_MEMBERS} members (dense matrices); compared with the bound above`);
  }

  if (wallMs > 60_000) failures.push(`clearing took ${ms(wallMs)} (target 60 s; load average ${load()})`);
  if (peakRss > 1024 ** 3) failures.push(`peak RSS ${mb(peakRss)} (target 1 GB)`);
  if (ratio < 0.95) failures.push(`loops trade ${(100 * ratio).toFixed(2)}% of the unbounded cover (target 95%)`);

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
