import type { CopyValue } from './copy';
import { weighted } from './distributions';
import { DAY } from './market-setup';
import type { MarketSetup, SneakerState, TradeState } from './market-state';
import { memberWithSneakers, pickSneaker } from './sneaker-picks';
import { tradeLifecycle } from './trade-lifecycle';
import { OLD_STATUSES, RECENT_STATUSES, type TradeStatus } from './vocabulary';

/** Trades the trader (member 1) is party to at full size: the trade list benchmark's member. */
const FIXTURE_TRADES = 500;

/**
 * The trades and their events: parties drawn by how many sneakers they own, the trader in every
 * n-th trade, a state drawn by age, and sneakers that are free for escrow when the state holds it.
 */
export async function writeTrades(market: MarketSetup & SneakerState): Promise<TradeState> {
  const { random, now, copy, sneakerLocked } = market;
  const { trades } = market.options;
  const traderEvery = Math.max(1, Math.floor(trades / FIXTURE_TRADES));
  const traderTarget = Math.min(FIXTURE_TRADES, trades);
  let traderTrades = 0;
  const tradeProposer = new Int32Array(trades + 1);
  const tradeReceiver = new Int32Array(trades + 1);
  const tradeCreated = new Float64Array(trades + 1);
  const tradeEnd = new Float64Array(trades + 1);
  const tradeStatus: TradeStatus[] = new Array(trades + 1);
  const tradeSneakers: [number[], number[]][] = new Array(trades + 1);
  const tradeShipped = new Uint8Array(trades + 1);
  const tradeRows: CopyValue[][] = [];
  const escrowLockRows: CopyValue[][] = [];
  const eventRows: CopyValue[][] = [];
  for (let t = 1; t <= trades; t++) {
    // Trades grow over two years, a growing market: about 13% in the last 12 days.
    const age = 730 * (1 - t / (trades + 1)) ** 2 * DAY + random.next() * DAY;
    const created = now - age;
    let status = age < 12 * DAY ? weighted(random, RECENT_STATUSES) : weighted(random, OLD_STATUSES);
    let proposer = memberWithSneakers(market);
    let receiver = memberWithSneakers(market);
    const withTrader = traderTrades < traderTarget && (t - 1) % traderEvery === 0;
    if (withTrader) {
      if (traderTrades % 2 === 0) proposer = 1;
      else receiver = 1;
    }
    for (let i = 0; receiver === proposer && i < 20; i++) receiver = memberWithSneakers(market);
    if (receiver === proposer) receiver = proposer === 1 ? 2 : 1;
    let locks = status === 'accepted' || status === 'disputed';
    const sides: [number[], number[]] = [[], []];
    // A completed swap moved the pairs: each side's pair now belongs to the other member.
    const swapped = status === 'completed';
    for (const [side, m] of [
      [0, swapped ? receiver : proposer],
      [1, swapped ? proposer : receiver],
    ] as const) {
      const n = random.chance(0.2) ? 2 : 1;
      for (let k = 0; k < n; k++) {
        const id = pickSneaker(market, m, locks);
        if (id !== null && !sides[side].includes(id)) sides[side].push(id);
      }
    }
    if (sides[0].length === 0 || sides[1].length === 0) {
      // Nothing to offer (or nothing left unlocked): the proposal is made with what the member
      // has, and an accept-stage trade falls back to a rejected one.
      if (locks) {
        status = 'rejected';
        locks = false;
      }
      for (const [side, m] of [
        [0, proposer],
        [1, receiver],
      ] as const) {
        if (sides[side].length === 0) {
          const id = pickSneaker(market, m, false);
          if (id !== null) sides[side].push(id);
        }
      }
      if (sides[0].length === 0 || sides[1].length === 0) {
        t--;
        continue;
      }
    }
    if (locks) for (const id of [...sides[0], ...sides[1]]) sneakerLocked[id] = 1;
    if (withTrader) traderTrades++;
    tradeProposer[t] = proposer;
    tradeReceiver[t] = receiver;
    tradeCreated[t] = created;
    tradeStatus[t] = status;
    tradeSneakers[t] = sides;

    const lifecycle = tradeLifecycle(market, { id: t, status, proposer, receiver, age, created, sides });
    eventRows.push(...lifecycle.eventRows);
    tradeShipped[t] = lifecycle.shipped;
    tradeEnd[t] = lifecycle.end;
    if (locks) for (const id of [...sides[0], ...sides[1]]) escrowLockRows.push([id, t, null, lifecycle.acceptedAt]);
    tradeRows.push(lifecycle.tradeRow);
  }
  await copy(
    'trades',
    [
      'id',
      'proposer_id',
      'receiver_id',
      'status',
      'proposer_sneaker_ids',
      'receiver_sneaker_ids',
      'proposer_message',
      'receiver_message',
      'escrow_status',
      'accepted_at',
      'proposer_shipped_at',
      'receiver_shipped_at',
      'proposer_tracking_number',
      'receiver_tracking_number',
      'proposer_received_at',
      'receiver_received_at',
      'dispute_reason',
      'disputed_by_id',
      'disputed_at',
      'completed_at',
      'closed_at',
      'expires_at',
      'ship_by',
      'created_at',
      'updated_at',
    ],
    trades,
    tradeRows,
  );
  tradeRows.length = 0;
  await copy('trade_events', ['trade_id', 'actor_id', 'action', 'from_status', 'to_status', 'data', 'created_at'], eventRows.length, eventRows);
  eventRows.length = 0;
  return { traderTrades, tradeProposer, tradeReceiver, tradeCreated, tradeEnd, tradeStatus, tradeSneakers, tradeShipped, escrowLockRows };
}
