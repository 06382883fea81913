import { PROPOSAL_TTL_DAYS, SHIP_DEADLINE_DAYS } from '@soleswap/contracts/trades';
import type { CopyValue } from './copy';
import { DAY } from './market-setup';
import type { MarketSetup } from './market-state';
import { memberId } from './members';
import { DISPUTE_REASONS, TRADE_NOTES, type TradeStatus } from './vocabulary';

/** A trade as trades.ts drew it: its parties, sneakers and the state it has reached. */
export interface DrawnTrade {
  id: number;
  status: TradeStatus;
  proposer: number;
  receiver: number;
  /** How long ago it was proposed (ms). */
  age: number;
  created: number;
  sides: [number[], number[]];
}

/** What a trade's history wrote: its row, its events, and what trades.ts keeps of it. */
export interface TradeLifecycle {
  tradeRow: CopyValue[];
  eventRows: CopyValue[][];
  acceptedAt: Date | null;
  /** Bit 4: the trade reached escrow (accepted once); bits 1 and 2: the proposer, the receiver shipped. */
  shipped: number;
  /** When the trade closed, or `now` for one still open (ms). */
  end: number;
}

/**
 * The history of one trade up to the state it reached: every step's timestamp within its first
 * ten days (or less for a young one), the trade_events row of each step, and the trades row.
 */
export function tradeLifecycle(market: MarketSetup, trade: DrawnTrade): TradeLifecycle {
  const { random, now } = market;
  const { id: t, status, proposer, receiver, age, created } = trade;
  const eventRows: CopyValue[][] = [];
  const c = new Date(created);
  const span = Math.min(age * 0.9, 10 * DAY);
  const at = (fraction: number) => new Date(created + span * fraction);
  const expiresAt = new Date(created + PROPOSAL_TTL_DAYS * DAY);
  let acceptedAt: Date | null = null;
  let shipBy: Date | null = null;
  let pShip: Date | null = null;
  let rShip: Date | null = null;
  let pRecv: Date | null = null;
  let rRecv: Date | null = null;
  let completedAt: Date | null = null;
  let closedAt: Date | null = null;
  let disputedBy: string | null = null;
  let disputedAt: Date | null = null;
  let escrow = 'pending';
  let expires: Date | null = expiresAt;
  let shipped = 0;
  const pId = memberId(proposer);
  const rId = memberId(receiver);
  const event = (actor: string | null, action: string, from: string, to: string, when: Date) =>
    eventRows.push([t, actor, action, from, to, null, when]);
  event(pId, 'propose', 'none', 'pending', c);
  let cancelAfterAccept = false;
  if (status === 'pending') {
    // Still open: proposals last PROPOSAL_TTL_DAYS, so only recent ones stay pending.
    if (age > (PROPOSAL_TTL_DAYS - 1) * DAY) expires = new Date(now + DAY);
  } else if (status === 'cancelled') {
    cancelAfterAccept = random.chance(0.3);
  }
  if (status === 'accepted' || status === 'disputed' || status === 'completed' || cancelAfterAccept) {
    acceptedAt = at(0.2);
    shipBy = new Date(acceptedAt.getTime() + SHIP_DEADLINE_DAYS * DAY);
    expires = null;
    event(rId, 'accept', 'pending', 'accepted', acceptedAt);
    escrow = 'locked';
    if (status === 'completed' || status === 'disputed' || random.chance(0.4)) {
      pShip = at(0.35);
      event(pId, 'ship', 'accepted', 'accepted', pShip);
    }
    if (status === 'completed' || status === 'disputed' || (pShip && random.chance(0.5))) {
      rShip = at(0.4);
      event(rId, 'ship', 'accepted', 'accepted', rShip);
    }
    shipped = 4 | (pShip ? 1 : 0) | (rShip ? 2 : 0);
    if (status === 'completed') {
      rRecv = at(0.6);
      event(rId, 'receive', 'accepted', 'accepted', rRecv);
      pRecv = at(0.7);
      event(pId, 'receive', 'accepted', 'completed', pRecv);
      completedAt = pRecv;
      closedAt = pRecv;
      escrow = 'released';
    } else if (status === 'disputed') {
      disputedBy = random.chance(0.5) ? pId : rId;
      disputedAt = at(0.6);
      event(disputedBy, 'dispute', 'accepted', 'disputed', disputedAt);
    } else if (status === 'accepted') {
      // Still shipping: the deadline lies ahead.
      if (shipBy.getTime() < now) shipBy = new Date(now + 2 * DAY);
    } else {
      closedAt = at(0.5);
      escrow = 'refunded';
      event(pId, 'cancel', 'accepted', 'cancelled', closedAt);
    }
  } else if (status !== 'pending') {
    closedAt = status === 'expired' ? expiresAt : at(0.3);
    const action = status === 'rejected' ? 'reject' : status === 'countered' ? 'counter' : status === 'expired' ? 'expire' : 'cancel';
    const actor = status === 'expired' ? null : status === 'cancelled' ? pId : rId;
    event(actor, action, 'pending', status, closedAt);
  }
  const end = (closedAt ?? new Date(now)).getTime();
  const updated = closedAt ?? disputedAt ?? rShip ?? pShip ?? acceptedAt ?? c;
  const tradeRow: CopyValue[] = [
    t,
    pId,
    rId,
    status,
    trade.sides[0],
    trade.sides[1],
    random.pick(TRADE_NOTES),
    null,
    escrow,
    acceptedAt,
    pShip,
    rShip,
    pShip ? `1Z${(t * 7919).toString(36).toUpperCase()}P` : null,
    rShip ? `1Z${(t * 104729).toString(36).toUpperCase()}R` : null,
    pRecv,
    rRecv,
    disputedBy ? random.pick(DISPUTE_REASONS) : null,
    disputedBy,
    disputedAt,
    completedAt,
    closedAt,
    expires,
    shipBy,
    c,
    updated,
  ];
  return { tradeRow, eventRows, acceptedAt, shipped, end };
}
