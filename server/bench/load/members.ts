import { MAX_SNEAKERS_PER_MEMBER, money, sneakerCounts } from './distributions';
import { DAY } from './market-setup';
import type { MarketSetup, MemberState } from './market-state';
import { FIRST_NAMES, HANDLE_WORDS, LAST_NAMES } from './vocabulary';

/** Member uuids: the index in hex, so uuid order is index order (conversations need low < high). */
export const memberId = (index: number) => `00000000-0000-4000-8000-${(index + 1).toString(16).padStart(12, '0')}`;

/**
 * The members: how many sneakers each will own, their handles, join dates and premium
 * memberships. Member 0 is the collector (a premium member with the most sneakers), member 1 the
 * trader (see trades.ts).
 */
export async function writeMembers(market: MarketSetup): Promise<MemberState> {
  const { random, now, copy } = market;
  const { users, sneakers } = market.options;
  const collectorCount = Math.min(MAX_SNEAKERS_PER_MEMBER, Math.floor(sneakers / 2));
  const ownedCount = sneakerCounts(random, users, sneakers, collectorCount);
  const usernames: string[] = new Array(users);
  const memberCreated = new Float64Array(users);
  const isPremium = new Uint8Array(users);
  for (let m = 0; m < users; m++) {
    usernames[m] = m === 0 ? 'bench_collector' : m === 1 ? 'bench_trader' : `${random.pick(HANDLE_WORDS)}${random.pick(HANDLE_WORDS)}${m}`;
    memberCreated[m] = now - 3 * 365 * DAY + (m / users) * 2.5 * 365 * DAY;
    isPremium[m] = m === 0 || random.chance(0.05) ? 1 : 0;
  }
  await copy(
    'users',
    [
      'id',
      'email',
      'first_name',
      'last_name',
      'username',
      'bio',
      'reputation',
      'is_premium_member',
      'membership_paid_at',
      'membership_period_end',
      'role',
      'created_at',
      'updated_at',
    ],
    users,
    (function* () {
      for (let m = 0; m < users; m++) {
        const created = new Date(memberCreated[m]!);
        const paid = isPremium[m] ? new Date(now - random.int(25) * DAY) : null;
        yield [
          memberId(m),
          `member${m}@load.soleswap.test`,
          random.pick(FIRST_NAMES),
          random.pick(LAST_NAMES),
          usernames[m]!,
          random.chance(0.3) ? `Collecting since ${2005 + random.int(18)}. Size ${8 + random.int(6)}.` : null,
          money(ownedCount[m]! > 0 ? 3.5 + random.next() * 1.5 : 0),
          isPremium[m] === 1,
          paid,
          // The collector's membership has no end date; the others run a month from payment.
          isPremium[m] && m !== 0 ? new Date(paid!.getTime() + 30 * DAY) : null,
          'member',
          created,
          created,
        ];
      }
    })(),
  );
  return { collectorCount, ownedCount, usernames, memberCreated, isPremium };
}
