import type { Random } from './random';

/** How many sneakers a member may own in the generated market. */
export const MAX_SNEAKERS_PER_MEMBER = 500;

export function weighted<T>(random: Random, options: readonly (readonly [T, number])[]): T {
  const total = options.reduce((sum, [, w]) => sum + w, 0);
  let x = random.next() * total;
  for (const [value, w] of options) {
    x -= w;
    if (x < 0) return value;
  }
  return options[options.length - 1]![0];
}

export const money = (value: number) => value.toFixed(2);

/** How many sneakers each member owns: many none, most a few, a long tail up to 500; the collector exactly 500. */
export function sneakerCounts(random: Random, users: number, sneakers: number, collectorCount: number): Int32Array {
  const counts = new Int32Array(users);
  counts[0] = collectorCount;
  if (users === 1) return counts;
  const rest = sneakers - collectorCount;
  const mean = rest / (users - 1) / 0.7;
  const mu = Math.log(Math.max(mean, 0.5)) - 0.72;
  let sum = collectorCount;
  for (let i = 1; i < users; i++) {
    const count = random.chance(0.3) ? 0 : Math.min(MAX_SNEAKERS_PER_MEMBER, Math.round(Math.exp(mu + 1.2 * random.normal())));
    counts[i] = count;
    sum += count;
  }
  // The trader must have something to trade.
  if (users > 1 && counts[1]! < 5) {
    sum += 5 - counts[1]!;
    counts[1] = 5;
  }
  while (sum < sneakers) {
    const i = 1 + random.int(users - 1);
    if (counts[i]! < MAX_SNEAKERS_PER_MEMBER) {
      counts[i]!++;
      sum++;
    }
  }
  while (sum > sneakers) {
    const i = 2 + random.int(Math.max(1, users - 2));
    if (i < users && counts[i]! > 0) {
      counts[i]!--;
      sum--;
    }
  }
  return counts;
}

/** Per-member sneaker lists in one flat array (CSR): the sneakers of member m are ids[start[m] .. start[m + 1]). */
export interface Ownership {
  start: Int32Array;
  ids: Int32Array;
}

export function ownershipOf(owner: Int32Array, users: number): Ownership {
  const start = new Int32Array(users + 1);
  for (let s = 0; s < owner.length; s++) start[owner[s]! + 1]!++;
  for (let m = 0; m < users; m++) start[m + 1]! += start[m]!;
  const fill = start.slice(0, users);
  const ids = new Int32Array(owner.length);
  for (let s = 0; s < owner.length; s++) ids[fill[owner[s]!]!++] = s + 1;
  return { start, ids };
}
