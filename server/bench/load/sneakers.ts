import { money, ownershipOf } from './distributions';
import { DAY } from './market-setup';
import type { MarketSetup, MemberState, SneakerState } from './market-state';
import { memberId } from './members';
import { CONDITION_WEIGHTS, CONDITIONS, DESCRIPTIONS } from './vocabulary';

/**
 * The sneakers: each member's count from members.ts, dealt out in a shuffled order so a member's
 * pairs are spread over the ids (and so over the two years of creation dates), each a copy of a
 * release drawn by popularity, in a size near 10 and a condition drawn by weight.
 */
export async function writeSneakers(market: MarketSetup & MemberState): Promise<SneakerState> {
  const { random, now, releases, releaseZipf, copy, ownedCount } = market;
  const { users, sneakers } = market.options;
  const sneakerOwner = new Int32Array(sneakers);
  {
    let s = 0;
    for (let m = 0; m < users; m++) for (let k = 0; k < ownedCount[m]!; k++) sneakerOwner[s++] = m;
    for (let i = sneakers - 1; i > 0; i--) {
      const j = random.int(i + 1);
      const t = sneakerOwner[i]!;
      sneakerOwner[i] = sneakerOwner[j]!;
      sneakerOwner[j] = t;
    }
  }
  const ownership = ownershipOf(sneakerOwner, users);
  const sneakerAvailable = new Uint8Array(sneakers + 1);
  const sneakerValue = new Float32Array(sneakers + 1);
  const sizeWeights = releases.map((r) => {
    const table = new Float64Array(r.sizes.length);
    let sum = 0;
    r.sizes.forEach((size, i) => {
      const us = Number.parseFloat(size);
      sum += Math.exp(-((us - 10) ** 2) / (2 * 1.4 ** 2)) + 0.01;
      table[i] = sum;
    });
    return table;
  });
  const conditionTable = Float64Array.from(CONDITION_WEIGHTS.reduce<number[]>((acc, w) => [...acc, (acc.at(-1) ?? 0) + w], []));
  const sneakerStart = now - 2 * 365 * DAY;
  const sneakerStep = (2 * 365 * DAY - DAY) / sneakers;
  const sneakerCreated = (id: number) => sneakerStart + (id - 1) * sneakerStep;
  await copy(
    'sneakers',
    [
      'id',
      'user_id',
      'catalog_release_id',
      'style_code',
      'name',
      'brand',
      'model',
      'colorway',
      'size',
      'condition',
      'estimated_value',
      'image_url',
      'thumbnail_url',
      'is_available_for_trade',
      'description',
      'purchase_price',
      'purchase_date',
      'market_price',
      'price_range_low',
      'price_range_high',
      'listing_changed_at',
      'created_at',
      'updated_at',
    ],
    sneakers,
    (function* () {
      for (let id = 1; id <= sneakers; id++) {
        const k = random.zipf(releaseZipf);
        const r = releases[k]!;
        const size = r.sizes[random.zipf(sizeWeights[k]!)]!;
        const condition = CONDITIONS[random.zipf(conditionTable)]!;
        const estimate = r.marketPrice * (0.55 + 0.045 * condition) * (0.9 + 0.2 * random.next());
        sneakerValue[id] = estimate;
        const isAvailable = random.chance(0.9);
        sneakerAvailable[id] = isAvailable ? 1 : 0;
        const colour = r.colorway.split('/');
        const variant = random.int(6);
        const name =
          variant === 0
            ? `${r.name} DS`
            : variant === 1
              ? `${r.model} ${colour[0]}`
              : variant === 2
                ? `${r.name} size ${size}`
                : variant === 3
                  ? `Clean ${r.model} ${colour[1] ?? colour[0]}`
                  : r.name;
        const created = new Date(sneakerCreated(id));
        const bought = random.chance(0.4);
        yield [
          id,
          memberId(sneakerOwner[id - 1]!),
          r.id,
          r.styleCode,
          name,
          r.brand,
          r.model,
          r.colorway,
          size,
          condition.toFixed(1),
          money(estimate),
          r.artwork,
          r.artwork,
          isAvailable,
          random.chance(0.25) ? random.pick(DESCRIPTIONS) : null,
          bought ? money(r.retailPrice) : null,
          bought ? created.toISOString().slice(0, 10) : null,
          money(r.marketPrice),
          money(r.low),
          money(r.high),
          created,
          created,
          created,
        ];
      }
    })(),
  );
  return { sneakerOwner, ownership, sneakerAvailable, sneakerValue, sneakerLocked: new Uint8Array(sneakers + 1), sneakerCreated };
}
