import { money } from './distributions';
import type { MarketSetup, MemberState } from './market-state';
import { memberId } from './members';

/** Wants: four members in ten want up to eight releases (drawn by popularity), ranked, in sizes near their foot. */
export async function writeWants(market: MarketSetup & MemberState): Promise<void> {
  const { random, now, releases, releaseZipf, copy, memberCreated } = market;
  const { users } = market.options;
  await copy(
    'wants',
    ['user_id', 'catalog_release_id', 'sizes', 'min_condition', 'max_value', 'rank', 'created_at', 'updated_at'],
    users * 2,
    (function* () {
      for (let m = 0; m < users; m++) {
        if (!random.chance(0.4)) continue;
        const n = 1 + random.int(8);
        const chosen = new Set<number>();
        for (let k = 0; k < n * 2 && chosen.size < n; k++) chosen.add(random.zipf(releaseZipf));
        let rank = 0;
        const foot = 8 + random.int(9) * 0.5;
        for (const k of chosen) {
          const r = releases[k]!;
          const sizes = r.sizes.filter((s) => Math.abs(Number.parseFloat(s) - foot) <= (random.chance(0.4) ? 0.5 : 0));
          const created = new Date(memberCreated[m]! + random.next() * (now - memberCreated[m]!));
          yield [
            memberId(m),
            r.id,
            sizes.length ? sizes : [r.sizes[0]!],
            random.pick([6, 8, 9]).toFixed(1),
            random.chance(0.3) ? money(r.marketPrice * 1.2) : null,
            ++rank,
            created,
            created,
          ];
        }
      }
    })(),
  );
}
