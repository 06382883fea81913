import type { CopyValue } from './copy';
import { DAY } from './market-setup';
import type { MarketSetup, SneakerState } from './market-state';
import { memberId } from './members';
import { memberWithSneakers } from './sneaker-picks';

/** The conversations written, at [conversation id - 1]. */
export interface Conversations {
  /** The two member indexes, lower first. */
  pairs: [number, number][];
  /** When each was started (ms). */
  created: number[];
}

/** Direct conversations between distinct pairs of members, about one per twelve messages, started over the last 400 days. */
export async function writeConversations(market: MarketSetup & SneakerState, conversationMessages: number): Promise<Conversations> {
  const { random, now, copy } = market;
  const { users } = market.options;
  const conversationCount = Math.max(1, Math.round(conversationMessages / 12));
  const pairsSeen = new Set<number>();
  const conversationRows: CopyValue[][] = [];
  const pairs: [number, number][] = [];
  for (let tries = 0; pairs.length < conversationCount && tries < conversationCount * 5; tries++) {
    const a = random.chance(0.5) ? memberWithSneakers(market) : random.int(users);
    const b = random.int(users);
    if (a === b) continue;
    const [low, high] = a < b ? [a, b] : [b, a];
    const key = low * users + high;
    if (pairsSeen.has(key)) continue;
    pairsSeen.add(key);
    pairs.push([low, high]);
    conversationRows.push([pairs.length, memberId(low), memberId(high), now - 400 * DAY + random.next() * 380 * DAY]);
  }
  pairsSeen.clear();
  const created = conversationRows.map((row) => row[3] as number);
  for (const row of conversationRows) row[3] = new Date(row[3] as number);
  await copy('conversations', ['id', 'user_low_id', 'user_high_id', 'created_at'], conversationRows.length, conversationRows);
  return { pairs, created };
}
