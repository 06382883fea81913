import { money } from './distributions';
import { DAY } from './market-setup';
import type { MarketSetup, MemberState, SneakerState } from './market-state';

/** Price history: a year of daily prices per release, half a year for the collector's pairs, a few months for some others. */
export async function writePriceHistory(market: MarketSetup & MemberState & SneakerState): Promise<void> {
  const { random, now, releases, copy, collectorCount, sneakerOwner, sneakerValue, sneakerCreated } = market;
  const { sneakers } = market.options;
  const walk = (base: number, days: number) => {
    const prices: number[] = [];
    let p = base * (0.85 + 0.1 * random.next());
    for (let d = 0; d < days; d++) {
      p = Math.max(base * 0.5, p * (1 + (random.next() - 0.48) * 0.02));
      prices.push(p);
    }
    return prices;
  };
  const today = new Date(now);
  today.setUTCHours(12, 0, 0, 0);
  const dayAt = (daysAgo: number) => new Date(today.getTime() - daysAgo * DAY);
  await copy(
    'price_snapshots',
    ['sneaker_id', 'catalog_release_id', 'price', 'source', 'captured_at', 'captured_on'],
    releases.length * 365 + collectorCount * 180 + Math.round(sneakers * 0.01 * 60),
    (function* () {
      for (const r of releases) {
        const prices = walk(r.marketPrice, 365);
        for (let d = 0; d < 365; d++) {
          const at = dayAt(365 - d);
          yield [null, r.id, money(prices[d]!), 'daily', at, at.toISOString().slice(0, 10)];
        }
      }
      for (let s = 1; s <= sneakers; s++) {
        const isCollector = sneakerOwner[s - 1] === 0;
        if (!isCollector && !random.chance(0.01)) continue;
        const days = isCollector ? 180 : 60;
        const prices = walk(sneakerValue[s]!, days);
        for (let d = 0; d < days; d++) {
          const at = dayAt(days - d);
          if (at.getTime() < sneakerCreated(s)) continue;
          yield [s, null, money(prices[d]!), 'daily', at, at.toISOString().slice(0, 10)];
        }
      }
    })(),
  );
}
