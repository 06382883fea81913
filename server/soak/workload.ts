import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { CARRIERS } from '@soleswap/contracts/tracking-numbers';
import type { Member } from './client';
import { sleep } from './processes';
import { freshTrackingNumber } from '../test/fresh-tracking-number';

interface TradeView {
  id: number;
  status: string;
  allowedActions: string[];
  myRole: 'proposer' | 'receiver';
  proposerId: string;
  receiverId: string;
  receiverCashCents: number;
  protectionHolds: Array<{ side: 'proposer' | 'receiver'; amountCents: number; status: string }>;
}
interface LoopView {
  id: number;
  status: string;
  allowedActions: string[];
}

const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

function weighted(actions: string[], weights: Record<string, number>): string | undefined {
  const total = actions.reduce((sum, a) => sum + (weights[a] ?? 0), 0);
  let roll = Math.random() * total;
  for (const action of actions) {
    roll -= weights[action] ?? 0;
    if (roll < 0) return action;
  }
  return undefined;
}

/** Shipping needs a valid UPS, USPS or FedEx number, on one parcel that has not arrived at a time: each ship gets its own. */
const soakTracking = () => freshTrackingNumber(pick(CARRIERS));

/** Stripe's test cards, which the sandbox answers the same way: one holds, one is declined. */
const SOAK_CARD = { cardNumber: '4242424242424242', expMonth: '12', expYear: '2040', cvc: '123' };
const SOAK_DECLINED_CARD = { ...SOAK_CARD, cardNumber: '4000000000000002' };
const soakCard = () => (Math.random() < 0.1 ? SOAK_DECLINED_CARD : SOAK_CARD);

/**
 * Cash on about half of the proposals and counter-offers (docs/rules/money.md): from the proposer,
 * with their card (now and then one that is declined at acceptance), or asked of the receiver, who
 * pays with a card at acceptance. Whole dollars, $5 to $100.
 */
function cashTerms(): Record<string, unknown> {
  const cents = 100 * (5 + Math.floor(Math.random() * 96));
  const roll = Math.random();
  if (roll < 0.3) return { proposerCashCents: cents, cashCard: soakCard() };
  if (roll < 0.5) return { receiverCashCents: cents };
  return {};
}

/**
 * The terms of an offer from `me`: its cash, and my card when I owe a protection hold
 * (docs/rules/money.md#protection-holds), asked of `GET /api/trades/protection-holds` as the
 * proposal form does. A card the cash already carries pays the hold too.
 */
async function offerTerms(me: Member, offer: { receiverId: string; proposerSneakerIds: number[]; receiverSneakerIds: number[] }) {
  const terms = cashTerms();
  const query = new URLSearchParams({
    receiverId: offer.receiverId,
    proposerSneakerIds: offer.proposerSneakerIds.join(','),
    receiverSneakerIds: offer.receiverSneakerIds.join(','),
  });
  const preview = await me.get<{ protectionHolds: Array<{ side: string }> }>(`/api/trades/protection-holds?${query.toString()}`);
  const owesHold = (preview?.protectionHolds ?? []).some((hold) => hold.side === 'proposer');
  return owesHold && !terms.cashCard ? { ...terms, cashCard: soakCard() } : terms;
}

/** A soak address, one per member, so that every parcel has somewhere to go (shipping needs a chosen ship-to). */
const SOAK_ADDRESS = { line1: '1 Soak Street', city: 'Austin', region: 'TX', postalCode: '78701', country: 'US' };
const addressIds = new Map<string, Promise<number | undefined>>();

/** The member's soak address (added to their book once); undefined when the server did not answer. */
function shipToOf(me: Member): Promise<number | undefined> {
  let id = addressIds.get(me.id);
  if (!id) {
    id = me.post('/api/addresses', { name: `Soak ${me.id.slice(0, 8)}`, ...SOAK_ADDRESS }).then((res) => {
      const created = res?.status === 201 || res?.status === 200 ? (res.body as { id?: number }).id : undefined;
      if (created === undefined) addressIds.delete(me.id);
      return created;
    });
    addressIds.set(me.id, id);
  }
  return id;
}

const TRADE_WEIGHTS: Record<string, number> = { accept: 4, ship: 5, receive: 5, counter: 1, reject: 0.7, cancel: 0.7, dispute: 0.4, rate: 1 };
const LOOP_WEIGHTS: Record<string, number> = { accept: 6, ship: 5, receive: 5, decline: 0.2, dispute: 0.2 };

/**
 * Two acceptances of one trade sent at once by its receiver: one that must succeed, and one made to
 * fail, by a declined card or a ship-to address of another member. What each was answered.
 */
export interface DoubleAccept {
  tradeId: number;
  failBy: 'declined card' | 'foreign address';
  good: { status: number; code?: string } | null;
  bad: { status: number; code?: string } | null;
}

export interface Workload {
  members: Member[];
  admin: Member;
  /** The harness's own connection, used only to see which pairs each member holds (as their locker page would). */
  db: pg.Pool;
  stop: AbortSignal;
  messageSeq: { n: number };
  tag: string;
  doubleAccepts: DoubleAccept[];
}

/** Pairs a member holds that are not held in escrow. */
async function freePairs(db: pg.Pool, userId: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    'select s.id from sneakers s where s.user_id = $1 and s.is_available_for_trade and not exists (select 1 from escrow_locks l where l.sneaker_id = s.id)',
    [userId],
  );
  return rows.map((r) => r.id);
}

async function propose(w: Workload, me: Member) {
  const other = pick(w.members.filter((m) => m !== me))!;
  const [mine, theirs] = await Promise.all([freePairs(w.db, me.id), freePairs(w.db, other.id)]);
  if (!mine.length || !theirs.length) return;
  const offer = { receiverId: other.id, proposerSneakerIds: [pick(mine)!], receiverSneakerIds: [pick(theirs)!] };
  await me.post('/api/trades', { ...offer, proposerMessage: 'soak proposal', shipToAddressId: await shipToOf(me), ...(await offerTerms(me, offer)) });
}

async function actOnTrade(w: Workload, me: Member) {
  const trades = await me.get<TradeView[]>('/api/trades');
  const open = (trades ?? []).filter((t) => t.allowedActions.some((a) => a !== 'resolve' && (TRADE_WEIGHTS[a] ?? 0) > 0));
  // Mostly move accepted trades on (ship, receive), so that trades do complete within a short run.
  const moving = open.filter((t) => t.allowedActions.some((a) => a === 'ship' || a === 'receive' || a === 'accept'));
  const trade = pick(moving.length && Math.random() < 0.8 ? moving : open);
  if (!trade) return;
  const action = weighted(trade.allowedActions, TRADE_WEIGHTS);
  if (!action) return;
  const path = `/api/trades/${trade.id}/${action}`;
  if (action === 'counter') {
    const otherId = trade.myRole === 'proposer' ? trade.receiverId : trade.proposerId;
    const [mine, theirs] = await Promise.all([freePairs(w.db, me.id), freePairs(w.db, otherId)]);
    if (!mine.length || !theirs.length) return;
    const offer = { receiverId: otherId, proposerSneakerIds: [pick(mine)!], receiverSneakerIds: [pick(theirs)!] };
    await me.post(path, {
      proposerSneakerIds: offer.proposerSneakerIds,
      receiverSneakerIds: offer.receiverSneakerIds,
      shipToAddressId: await shipToOf(me),
      ...(await offerTerms(me, offer)),
    });
  } else if (action === 'accept' && Math.random() < 0.5) {
    await doubleAccept(w, me, trade);
  } else if (action === 'accept' && (trade.receiverCashCents > 0 || trade.protectionHolds.some((hold) => hold.side === 'receiver'))) {
    // The receiver's card pays the cash asked of them and their protection hold alike.
    await me.post(path, { cashCard: soakCard(), shipToAddressId: await shipToOf(me) });
  } else if (action === 'accept') {
    await me.post(path, { shipToAddressId: await shipToOf(me) });
  } else if (action === 'ship') {
    await me.post(path, { trackingNumber: soakTracking() });
  } else if (action === 'dispute') {
    await me.post(path, { reason: 'soak: the box was empty' });
  } else if (action === 'rate') {
    await me.post(path, { score: 1 + Math.floor(Math.random() * 5) });
  } else {
    await me.post(path);
  }
}

const answerOf = (res: { status: number; body: unknown } | null) => res && { status: res.status, code: (res.body as { code?: string } | null)?.code };

/**
 * The receiver sends two acceptances of a pending trade at once (a double click, two tabs): one
 * good, one that must fail, by a declined card (when their side owes cash or a hold) or by a
 * ship-to that is another member's address. At most one may be accepted, never the bad one, and the
 * money must come out as for one acceptance (money-checks.ts).
 */
async function doubleAccept(w: Workload, me: Member, trade: TradeView) {
  const path = `/api/trades/${trade.id}/accept`;
  const paysByCard = trade.receiverCashCents > 0 || trade.protectionHolds.some((hold) => hold.side === 'receiver');
  const stranger = pick(w.members.filter((m) => m !== me))!;
  const [mine, theirs] = await Promise.all([shipToOf(me), shipToOf(stranger)]);
  if (mine === undefined || theirs === undefined) return;
  const good = { shipToAddressId: mine, ...(paysByCard ? { cashCard: SOAK_CARD } : {}) };
  const failBy: DoubleAccept['failBy'] = paysByCard && Math.random() < 0.5 ? 'declined card' : 'foreign address';
  const bad = failBy === 'declined card' ? { ...good, cashCard: SOAK_DECLINED_CARD } : { ...good, shipToAddressId: theirs };
  // Either may reach the server first.
  const goodFirst = Math.random() < 0.5;
  const [first, second] = await Promise.all([me.post(path, goodFirst ? good : bad), me.post(path, goodFirst ? bad : good)]);
  w.doubleAccepts.push({ tradeId: trade.id, failBy, good: answerOf(goodFirst ? first : second), bad: answerOf(goodFirst ? second : first) });
}

/**
 * A member with a balance (cash from completed trades) withdraws part of it (sandbox payouts); now
 * and then the form sends the same request twice at once under one Idempotency-Key (a double click).
 */
async function withdraw(_w: Workload, me: Member) {
  const wallet = await me.get<{ balanceCents: number }>('/api/wallet');
  const balance = wallet?.balanceCents ?? 0;
  if (balance < 100) return;
  // A withdrawal asks where the money goes (issue #42): the member gives a bank account first, once.
  const destination = await me.get<{ destination: unknown }>('/api/wallet/payout-destination');
  if (destination && !destination.destination) {
    await me.put('/api/wallet/payout-destination', { holderName: 'Soak Member', routingNumber: '110000000', accountNumber: '000123456789' });
  }
  const amountCents = 100 * (1 + Math.floor(Math.random() * Math.floor(balance / 100)));
  const key = randomUUID();
  const sends = Math.random() < 0.3 ? 2 : 1;
  await Promise.all(Array.from({ length: sends }, () => me.post('/api/wallet/withdrawals', { amountCents }, 20_000, key)));
}

async function chat(w: Workload, me: Member) {
  const content = `soak:${w.tag}:${me.id.slice(0, 8)}:${++w.messageSeq.n}`;
  if (Math.random() < 0.5) {
    const trades = await me.get<TradeView[]>('/api/trades');
    const trade = pick(trades ?? []);
    if (trade) {
      await me.post(`/api/trades/${trade.id}/messages`, { content });
      return;
    }
  }
  const other = pick(w.members.filter((m) => m !== me))!;
  const conversation = await me.post('/api/conversations', { userId: other.id });
  const id = (conversation?.body as { id?: number } | null)?.id;
  if (conversation && conversation.status < 300 && id) await me.post(`/api/conversations/${id}/messages`, { content });
}

async function actOnLoop(_w: Workload, me: Member) {
  const loops = await me.get<LoopView[]>('/api/loops');
  const loop = pick((loops ?? []).filter((l) => l.allowedActions.length));
  if (!loop) return;
  const action = weighted(loop.allowedActions, LOOP_WEIGHTS);
  if (!action) return;
  const path = `/api/loops/${loop.id}/${action}`;
  // A loop binds once every member accepted with where their incoming pair should go (and a card
  // for the protection hold a new trader owes, as for a trade; a member who owes none sends it anyway).
  if (action === 'accept')
    await me.post(path, { shipToAddressId: await shipToOf(me), cashCard: soakCard() }); // the card backs a protection hold, if one is due
  else if (action === 'ship') await me.post(path, { trackingNumber: soakTracking() });
  else if (action === 'dispute') await me.post(path, { reason: 'soak: wrong pair' });
  else await me.post(path);
}

/** One simulated member until the stop signal: a mix of proposals, trade steps, chat and loop steps. */
export async function runMember(w: Workload, me: Member) {
  while (!w.stop.aborted) {
    await sleep(150 + Math.random() * 500);
    if (w.stop.aborted) break;
    const roll = Math.random();
    try {
      if (roll < 0.15) await propose(w, me);
      else if (roll < 0.6) await actOnTrade(w, me);
      else if (roll < 0.65) await withdraw(w, me);
      else if (roll < 0.75) await chat(w, me);
      else await actOnLoop(w, me);
    } catch (error) {
      console.error(`member ${me.id.slice(0, 8)}: ${(error as Error).message}`);
    }
  }
}

/** The admin: runs the loop clearing now and then and settles open disputes either way. */
export async function runAdmin(w: Workload) {
  let round = 0;
  while (!w.stop.aborted) {
    await sleep(2000);
    if (w.stop.aborted) break;
    round++;
    try {
      if (round % 3 === 1) await w.admin.post('/api/admin/loops/run');
      const disputes = await w.admin.get<TradeView[]>('/api/admin/disputes');
      const open = Array.isArray(disputes) ? disputes : ((disputes as { items?: TradeView[] } | null)?.items ?? []);
      for (const trade of open.slice(0, 3)) {
        await w.admin.post(`/api/trades/${trade.id}/resolve`, { outcome: Math.random() < 0.5 ? 'completed' : 'cancelled', note: 'soak' });
      }
    } catch (error) {
      console.error(`admin: ${(error as Error).message}`);
    }
  }
}
