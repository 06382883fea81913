import { SHIP_DEADLINE_DAYS } from '@soleswap/contracts/trades';
import type { CopyValue } from './copy';
import { money } from './distributions';
import { DAY } from './market-setup';
import type { MarketSetup, SneakerState, TradeState } from './market-state';
import { memberId } from './members';
import { memberWithSneakers, pickSneaker } from './sneaker-picks';
import { DISPUTE_REASONS } from './vocabulary';

const LOOP_STATUSES = ['proposed', 'active', 'completed', 'declined', 'expired', 'cancelled', 'disputed'] as const;

/**
 * Loops: three members in a ring, in every state; active and disputed ones hold escrow. Then the
 * escrow locks, the trades' (from trades.ts) and the loops', once no more are added.
 */
export async function writeLoopsAndEscrowLocks(market: MarketSetup & SneakerState & TradeState): Promise<void> {
  const { random, now, copy, sneakerLocked, sneakerValue, escrowLockRows } = market;
  const loopCount = Math.max(LOOP_STATUSES.length, Math.round(market.options.trades / 500));
  const loopRows: CopyValue[][] = [];
  const legRows: CopyValue[][] = [];
  for (let l = 1; l <= loopCount; l++) {
    const status = LOOP_STATUSES[(l - 1) % LOOP_STATUSES.length]!;
    const holds = status === 'active' || status === 'disputed';
    const members: number[] = [];
    const pairs: number[] = [];
    for (let tries = 0; members.length < 3 && tries < 50; tries++) {
      const m = memberWithSneakers(market);
      if (members.includes(m)) continue;
      const id = pickSneaker(market, m, true);
      if (id === null) continue;
      members.push(m);
      pairs.push(id);
    }
    if (members.length < 3) continue;
    if (holds) for (const id of pairs) sneakerLocked[id] = 1;
    const created = now - (status === 'proposed' ? random.next() * DAY : 3 * DAY + random.next() * 300 * DAY);
    const acceptedAt = status === 'proposed' || status === 'declined' || status === 'expired' ? null : new Date(created + DAY);
    const closed =
      status === 'completed' || status === 'declined' || status === 'expired' || status === 'cancelled' ? new Date(created + 2 * DAY) : null;
    const escrow = holds ? 'locked' : status === 'completed' ? 'released' : status === 'cancelled' ? 'refunded' : 'pending';
    loopRows.push([
      l,
      status,
      escrow,
      new Date(created + 2 * DAY),
      acceptedAt,
      acceptedAt ? new Date(acceptedAt.getTime() + SHIP_DEADLINE_DAYS * DAY) : null,
      status === 'disputed' ? memberId(members[0]!) : null,
      status === 'disputed' ? random.pick(DISPUTE_REASONS) : null,
      status === 'completed' ? closed : null,
      closed,
      new Date(created),
      closed ?? new Date(created),
    ]);
    for (let p = 0; p < 3; p++) {
      legRows.push([l, p, memberId(members[p]!), memberId(members[(p + 1) % 3]!), [pairs[p]!], money(sneakerValue[pairs[p]!]!), acceptedAt]);
      if (holds) escrowLockRows.push([pairs[p]!, null, l, acceptedAt]);
    }
  }
  await copy(
    'loops',
    [
      'id',
      'status',
      'escrow_status',
      'accept_by',
      'accepted_at',
      'ship_by',
      'disputed_by_id',
      'dispute_reason',
      'completed_at',
      'closed_at',
      'created_at',
      'updated_at',
    ],
    loopRows.length,
    loopRows,
  );
  await copy('loop_legs', ['loop_id', 'position', 'from_user_id', 'to_user_id', 'sneaker_ids', 'value', 'accepted_at'], legRows.length, legRows);
  await copy('escrow_locks', ['sneaker_id', 'trade_id', 'loop_id', 'locked_at'], escrowLockRows.length, escrowLockRows);
  escrowLockRows.length = 0;
}
