import { DAY } from './market-setup';
import type { MarketSetup, MemberState } from './market-state';
import { memberId } from './members';
import { zipfTable } from './random';

/** Follows: half the members follow one to twenty others, mostly among the first 50,000 (the earliest members draw the most followers). */
export async function writeFollows(market: MarketSetup & MemberState): Promise<void> {
  const { random, copy, memberCreated } = market;
  const { users } = market.options;
  const followZipf = zipfTable(Math.min(users, 50_000), 0.8);
  await copy(
    'user_follows',
    ['follower_id', 'following_id', 'created_at'],
    users * 5,
    (function* () {
      for (let m = 0; m < users; m++) {
        if (!random.chance(0.5)) continue;
        const n = 1 + random.int(20);
        const chosen = new Set<number>();
        for (let k = 0; k < n * 2 && chosen.size < n; k++) {
          const f = random.chance(0.7) ? random.zipf(followZipf) : random.int(users);
          if (f !== m) chosen.add(f);
        }
        for (const f of chosen) yield [memberId(m), memberId(f), new Date(Math.max(memberCreated[m]!, memberCreated[f]!) + DAY)];
      }
    })(),
  );
}
