import type pg from 'pg';
import { PROPOSAL_TTL_DAYS, SHIP_DEADLINE_DAYS } from '@soleswap/contracts/trades';
import { GENESIS_HASH, computeCommitment, computeEntryHash, newSalt, newTradeRef } from '../../src/modules/ledger/ledger-hash';
import { copyRows, type CopyValue } from './copy';
import { MAX_SNEAKERS_PER_MEMBER, money, ownershipOf, sneakerCounts, weighted } from './distributions';
import type { LoadFixtures, LoadOptions, Progress, Release } from './load-types';
import { Random, zipfTable } from './random';
import {
  CHAT_LINES,
  CONDITION_WEIGHTS,
  CONDITIONS,
  DESCRIPTIONS,
  DISPUTE_REASONS,
  FIRST_NAMES,
  HANDLE_WORDS,
  LAST_NAMES,
  OLD_STATUSES,
  RECENT_STATUSES,
  TRADE_NOTES,
  type TradeStatus,
} from './vocabulary';

export type { LoadFixtures, LoadOptions, Progress, Release } from './load-types';

/**
 * The market `npm run db:load` writes (see server/bench/README.md "Load data"). Everything is
 * generated in this process from a seed and streamed with COPY; the ids are chosen here (members
 * get uuids counting up from 1, the serial tables ids from 1), so every reference is known
 * without reading anything back.
 */

const DAY = 24 * 60 * 60 * 1000;
const FIXTURE_TRADES = 500;

/** Member uuids: the index in hex, so uuid order is index order (conversations need low < high). */
export const memberId = (index: number) => `00000000-0000-4000-8000-${(index + 1).toString(16).padStart(12, '0')}`;

/**
 * Loads the market into an empty schema (the caller has migrated and emptied it) and returns the
 * fixtures. `client` is one connection: everything runs in one session with
 * session_replication_role left alone, so every CHECK and foreign key is enforced on the way in.
 */
export async function generateMarket(
  client: pg.PoolClient | pg.Client,
  releases: Release[],
  options: LoadOptions,
  progress: Progress,
): Promise<LoadFixtures> {
  const { users, sneakers, trades, messages, seed } = options;
  if (users < 4) throw new Error('--users must be at least 4');
  if (sneakers > users * MAX_SNEAKERS_PER_MEMBER) throw new Error(`--sneakers can be at most 500 per member (${users * MAX_SNEAKERS_PER_MEMBER})`);
  if (sneakers < 20) throw new Error('--sneakers must be at least 20');
  const random = new Random(seed);
  const now = Date.now();
  const releaseZipf = zipfTable(releases.length);
  const counts: Record<string, number> = {};
  const copy = async (table: string, columns: readonly string[], total: number, rows: Iterable<readonly CopyValue[]>) => {
    let done = 0;
    progress(table, 0, total);
    const written = await copyRows(client, table, columns, rows, () => {
      done++;
      if (done % 5000 === 0) progress(table, done, total);
    });
    progress(table, written, Math.max(total, written));
    counts[table] = (counts[table] ?? 0) + written;
    return written;
  };

  // ---- members ----
  const collectorCount = Math.min(MAX_SNEAKERS_PER_MEMBER, Math.floor(sneakers / 2));
  const sneakerCount = sneakerCounts(random, users, sneakers, collectorCount);
  const usernames: string[] = new Array(users);
  const memberCreated = new Float64Array(users);
  const premium = new Uint8Array(users);
  for (let m = 0; m < users; m++) {
    usernames[m] = m === 0 ? 'bench_collector' : m === 1 ? 'bench_trader' : `${random.pick(HANDLE_WORDS)}${random.pick(HANDLE_WORDS)}${m}`;
    memberCreated[m] = now - 3 * 365 * DAY + (m / users) * 2.5 * 365 * DAY;
    premium[m] = m === 0 || random.chance(0.05) ? 1 : 0;
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
        const paid = premium[m] ? new Date(now - random.int(25) * DAY) : null;
        yield [
          memberId(m),
          `member${m}@load.soleswap.test`,
          random.pick(FIRST_NAMES),
          random.pick(LAST_NAMES),
          usernames[m]!,
          random.chance(0.3) ? `Collecting since ${2005 + random.int(18)}. Size ${8 + random.int(6)}.` : null,
          money(sneakerCount[m]! > 0 ? 3.5 + random.next() * 1.5 : 0),
          premium[m] === 1,
          paid,
          // The collector's membership has no end date; the others run a month from payment.
          premium[m] && m !== 0 ? new Date(paid!.getTime() + 30 * DAY) : null,
          'member',
          created,
          created,
        ];
      }
    })(),
  );

  // ---- sneakers ----
  const owner = new Int32Array(sneakers);
  {
    let s = 0;
    for (let m = 0; m < users; m++) for (let k = 0; k < sneakerCount[m]!; k++) owner[s++] = m;
    for (let i = sneakers - 1; i > 0; i--) {
      const j = random.int(i + 1);
      const t = owner[i]!;
      owner[i] = owner[j]!;
      owner[j] = t;
    }
  }
  const own = ownershipOf(owner, users);
  const releaseOf = new Uint16Array(sneakers);
  const available = new Uint8Array(sneakers + 1);
  const value = new Float32Array(sneakers + 1);
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
        releaseOf[id - 1] = k;
        const size = r.sizes[random.zipf(sizeWeights[k]!)]!;
        const condition = CONDITIONS[random.zipf(conditionTable)]!;
        const estimate = r.marketPrice * (0.55 + 0.045 * condition) * (0.9 + 0.2 * random.next());
        value[id] = estimate;
        const isAvailable = random.chance(0.9);
        available[id] = isAvailable ? 1 : 0;
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
          memberId(owner[id - 1]!),
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

  // ---- trades ----
  const locked = new Uint8Array(sneakers + 1);
  const pickSneaker = (m: number, wantUnlocked: boolean): number | null => {
    const from = own.start[m]!;
    const n = own.start[m + 1]! - from;
    if (n === 0) return null;
    for (let attempt = 0; attempt < 6; attempt++) {
      const id = own.ids[from + random.int(n)]!;
      if (!wantUnlocked || (!locked[id] && available[id])) return id;
    }
    return null;
  };
  const memberWithSneakers = (): number => owner[random.int(sneakers)]!;
  const traderEvery = Math.max(1, Math.floor(trades / FIXTURE_TRADES));
  const traderTarget = Math.min(FIXTURE_TRADES, trades);
  let traderTrades = 0;
  const tradeProposer = new Int32Array(trades + 1);
  const tradeReceiver = new Int32Array(trades + 1);
  const tradeCreated = new Float64Array(trades + 1);
  const tradeEnd = new Float64Array(trades + 1);
  const tradeStatus: TradeStatus[] = new Array(trades + 1);
  const tradeSneakers: [number[], number[]][] = new Array(trades + 1);
  /** Bit 4: the trade reached escrow (accepted once); bits 1 and 2: the proposer, the receiver shipped. */
  const tradeShipped = new Uint8Array(trades + 1);
  const tradeRows: CopyValue[][] = [];
  const lockRows: CopyValue[][] = [];
  const eventRows: CopyValue[][] = [];
  for (let t = 1; t <= trades; t++) {
    // Trades grow over two years, a growing market: about 13% in the last 12 days.
    const age = 730 * (1 - t / (trades + 1)) ** 2 * DAY + random.next() * DAY;
    const created = now - age;
    let status = age < 12 * DAY ? weighted(random, RECENT_STATUSES) : weighted(random, OLD_STATUSES);
    let proposer = memberWithSneakers();
    let receiver = memberWithSneakers();
    const withTrader = traderTrades < traderTarget && (t - 1) % traderEvery === 0;
    if (withTrader) {
      if (traderTrades % 2 === 0) proposer = 1;
      else receiver = 1;
    }
    for (let i = 0; receiver === proposer && i < 20; i++) receiver = memberWithSneakers();
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
        const id = pickSneaker(m, locks);
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
          const id = pickSneaker(m, false);
          if (id !== null) sides[side].push(id);
        }
      }
      if (sides[0].length === 0 || sides[1].length === 0) {
        t--;
        continue;
      }
    }
    if (locks) for (const id of [...sides[0], ...sides[1]]) locked[id] = 1;
    if (withTrader) traderTrades++;
    tradeProposer[t] = proposer;
    tradeReceiver[t] = receiver;
    tradeCreated[t] = created;
    tradeStatus[t] = status;
    tradeSneakers[t] = sides;

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
      tradeShipped[t] = 4 | (pShip ? 1 : 0) | (rShip ? 2 : 0);
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
    tradeEnd[t] = (closedAt ?? new Date(now)).getTime();
    if (locks) for (const id of [...sides[0], ...sides[1]]) lockRows.push([id, t, null, acceptedAt]);
    const updated = closedAt ?? disputedAt ?? rShip ?? pShip ?? acceptedAt ?? c;
    tradeRows.push([
      t,
      pId,
      rId,
      status,
      sides[0],
      sides[1],
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
    ]);
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

  // ---- loops: three members in a ring, in every state; active and disputed ones hold escrow ----
  const loopStatuses = ['proposed', 'active', 'completed', 'declined', 'expired', 'cancelled', 'disputed'] as const;
  const loopCount = Math.max(loopStatuses.length, Math.round(trades / 500));
  const loopRows: CopyValue[][] = [];
  const legRows: CopyValue[][] = [];
  for (let l = 1; l <= loopCount; l++) {
    const status = loopStatuses[(l - 1) % loopStatuses.length]!;
    const holds = status === 'active' || status === 'disputed';
    const members: number[] = [];
    const pairs: number[] = [];
    for (let tries = 0; members.length < 3 && tries < 50; tries++) {
      const m = memberWithSneakers();
      if (members.includes(m)) continue;
      const id = pickSneaker(m, true);
      if (id === null) continue;
      members.push(m);
      pairs.push(id);
    }
    if (members.length < 3) continue;
    if (holds) for (const id of pairs) locked[id] = 1;
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
      legRows.push([l, p, memberId(members[p]!), memberId(members[(p + 1) % 3]!), [pairs[p]!], money(value[pairs[p]!]!), acceptedAt]);
      if (holds) lockRows.push([pairs[p]!, null, l, acceptedAt]);
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
  await copy('escrow_locks', ['sneaker_id', 'trade_id', 'loop_id', 'locked_at'], lockRows.length, lockRows);
  const loopsWritten = loopRows.length;
  loopRows.length = 0;
  legRows.length = 0;
  lockRows.length = 0;

  // ---- messages: trade chats (75%) and conversations (25%), a long tail of busy threads ----
  const tradeMessages = Math.round(messages * 0.75);
  const perTrade = new Int32Array(trades + 1);
  let chatTradeId = 0;
  for (let t = 1; t <= trades; t++)
    if (tradeProposer[t] === 1 || tradeReceiver[t] === 1) {
      chatTradeId = t;
      break;
    }
  const chatMessages = Math.min(300, Math.floor(tradeMessages / 4));
  if (trades > 0 && tradeMessages > 0) {
    perTrade[chatTradeId] = chatMessages;
    let sum = chatMessages;
    const mu = Math.log(Math.max(0.5, (tradeMessages - sum) / trades)) - 0.5;
    for (let t = 1; t <= trades && sum < tradeMessages; t++) {
      if (t === chatTradeId) continue;
      const n = Math.min(tradeMessages - sum, Math.round(Math.exp(mu + random.normal())));
      perTrade[t] = n;
      sum += n;
    }
    while (sum < tradeMessages) {
      const t = 1 + random.int(trades);
      perTrade[t]!++;
      sum++;
    }
  }
  const conversationMessages = messages - tradeMessages;
  const conversationCount = Math.max(1, Math.round(conversationMessages / 12));
  const pairsSeen = new Set<number>();
  const conversationRows: CopyValue[][] = [];
  const conversationPair: [number, number][] = [];
  for (let tries = 0; conversationPair.length < conversationCount && tries < conversationCount * 5; tries++) {
    const a = random.chance(0.5) ? memberWithSneakers() : random.int(users);
    const b = random.int(users);
    if (a === b) continue;
    const [low, high] = a < b ? [a, b] : [b, a];
    const key = low * users + high;
    if (pairsSeen.has(key)) continue;
    pairsSeen.add(key);
    conversationPair.push([low, high]);
    conversationRows.push([conversationPair.length, memberId(low), memberId(high), now - 400 * DAY + random.next() * 380 * DAY]);
  }
  pairsSeen.clear();
  const conversationCreated = conversationRows.map((row) => row[3] as number);
  for (const row of conversationRows) row[3] = new Date(row[3] as number);
  await copy('conversations', ['id', 'user_low_id', 'user_high_id', 'created_at'], conversationRows.length, conversationRows);
  conversationRows.length = 0;

  const readRows: CopyValue[][] = [];
  await copy(
    'messages',
    ['id', 'trade_id', 'conversation_id', 'sender_id', 'content', 'created_at'],
    messages,
    (function* () {
      let id = 0;
      const thread = function* (kind: 'trade' | 'conversation', ref: number, a: number, b: number, n: number, from: number, to: number) {
        const step = Math.max(1000, (to - from) / (n + 1));
        let last = 0;
        for (let k = 0; k < n; k++) {
          id++;
          last = id;
          const sender = random.chance(0.5) ? a : b;
          const line = random.pick(CHAT_LINES);
          yield [
            id,
            kind === 'trade' ? ref : null,
            kind === 'conversation' ? ref : null,
            memberId(sender),
            random.chance(0.1) ? `${line} (${k + 1})` : line,
            new Date(Math.min(now - 1000, from + step * (k + 1))),
          ] as CopyValue[];
        }
        if (last === 0) return;
        // Both sides read their chats, except about one thread in ten left with something unread.
        for (const m of [a, b]) {
          const upTo = random.chance(0.9) ? last : last - random.int(Math.min(n, 5));
          if (upTo > last - n) readRows.push([memberId(m), kind === 'trade' ? ref : null, kind === 'conversation' ? ref : null, upTo]);
        }
      };
      for (let t = 1; t <= trades; t++) {
        if (perTrade[t]! > 0) yield* thread('trade', t, tradeProposer[t]!, tradeReceiver[t]!, perTrade[t]!, tradeCreated[t]!, tradeEnd[t]!);
      }
      let left = messages - id;
      for (let c = 0; c < conversationPair.length && left > 0; c++) {
        const remaining = conversationPair.length - c;
        const n =
          c === conversationPair.length - 1 ? left : Math.min(left, Math.max(1, Math.round((left / remaining) * Math.exp(random.normal() - 0.5))));
        left -= n;
        const [low, high] = conversationPair[c]!;
        yield* thread('conversation', c + 1, low, high, n, conversationCreated[c]!, now);
      }
    })(),
  );
  await client.query(`
    update conversations c set last_message_id = m.id, last_message_at = m.created_at
    from (select distinct on (conversation_id) conversation_id, id, created_at from messages where conversation_id is not null order by conversation_id, id desc) m
    where m.conversation_id = c.id`);
  await copy('message_reads', ['user_id', 'trade_id', 'conversation_id', 'last_read_message_id'], readRows.length, readRows);
  readRows.length = 0;

  // ---- wants, follows ----
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
  const followZipf = zipfTable(Math.min(users, 50_000), 0.8);
  await copy(
    'user_follows',
    ['follower_id', 'following_id', 'created_at'],
    users * 5,
    (function* () {
      for (let m = 0; m < users; m++) {
        if (!random.chance(0.5)) continue;
        const n = 1 + random.int(20);
        const chosen = new Set<number>();
        for (let k = 0; k < n * 2 && chosen.size < n; k++) {
          const f = random.chance(0.7) ? random.zipf(followZipf) : random.int(users);
          if (f !== m) chosen.add(f);
        }
        for (const f of chosen) yield [memberId(m), memberId(f), new Date(Math.max(memberCreated[m]!, memberCreated[f]!) + DAY)];
      }
    })(),
  );

  // ---- price history: a year of daily prices per release, half a year for the collector's pairs, a few months for some others ----
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
        const isCollector = owner[s - 1] === 0;
        if (!isCollector && !random.chance(0.01)) continue;
        const days = isCollector ? 180 : 60;
        const prices = walk(value[s]!, days);
        for (let d = 0; d < days; d++) {
          const at = dayAt(days - d);
          if (at.getTime() < sneakerCreated(s)) continue;
          yield [s, null, money(prices[d]!), 'daily', at, at.toISOString().slice(0, 10)];
        }
      }
    })(),
  );

  // ---- notifications: the receiver hears of each proposal, the proposer of each answer ----
  await copy(
    'notifications',
    ['user_id', 'kind', 'payload', 'read_at', 'created_at'],
    trades * 2,
    (function* () {
      for (let t = 1; t <= trades; t++) {
        const created = tradeCreated[t]!;
        const p = tradeProposer[t]!;
        const r = tradeReceiver[t]!;
        const readAt = (at: number) => (now - at > 3 * DAY || random.chance(0.3) ? new Date(Math.min(now, at + DAY)) : null);
        yield [
          memberId(r),
          'trade.proposed',
          JSON.stringify({ tradeId: t, actorName: usernames[p], actorId: memberId(p), count: 1 }),
          readAt(created),
          new Date(created),
        ];
        const status = tradeStatus[t]!;
        const answer: Record<string, string> = {
          accepted: 'trade.accepted',
          completed: 'trade.completed',
          rejected: 'trade.rejected',
          countered: 'trade.countered',
          expired: 'trade.expired',
          disputed: 'trade.disputed',
          cancelled: 'trade.cancelled',
        };
        const kind = answer[status];
        if (!kind) continue;
        const at = Math.min(
          now - 1000,
          status === 'completed' || status === 'expired' || status === 'rejected' || status === 'cancelled' || status === 'countered'
            ? tradeEnd[t]!
            : created + DAY,
        );
        const payload = status === 'expired' ? { tradeId: t, count: 1 } : { tradeId: t, actorName: usernames[r], actorId: memberId(r), count: 1 };
        yield [memberId(p), kind, JSON.stringify(payload), readAt(at), new Date(at)];
      }
    })(),
  );

  // ---- ledger: a valid hash chain over the trades that reached escrow ----
  if (options.ledger > 0) {
    const escrowTrades: number[] = [];
    for (let t = 1; t <= trades; t++) {
      if (tradeShipped[t]! & 4) escrowTrades.push(t);
    }
    if (escrowTrades.length === 0) throw new Error('--ledger needs trades that reached escrow; add --trades');
    await copy(
      'ledger_entries',
      ['id', 'trade_id', 'event', 'payload', 'trade_ref', 'salt', 'commitment', 'prev_hash', 'hash', 'created_at'],
      options.ledger,
      (function* () {
        let prevHash = GENESIS_HASH;
        let written = 0;
        // Chronological order of the chain: every entry a little after the one before, ending now.
        const spacing = Math.max(1, Math.floor((400 * DAY) / options.ledger));
        const start = now - options.ledger * spacing;
        // Past the trades' own entries (a ledger larger than the market), the lifecycles repeat.
        while (written < options.ledger) {
          for (const t of escrowTrades) {
            if (written >= options.ledger) break;
            const [ps, rs] = tradeSneakers[t]!;
            const status = tradeStatus[t]!;
            const tradeRef = newTradeRef();
            const events: [string, Record<string, unknown>][] = [
              [
                'lock',
                { proposerId: memberId(tradeProposer[t]!), receiverId: memberId(tradeReceiver[t]!), proposerSneakerIds: ps, receiverSneakerIds: rs },
              ],
            ];
            if (tradeShipped[t]! & 1) events.push(['ship', { side: 'proposer', withTracking: true }]);
            if (tradeShipped[t]! & 2) events.push(['ship', { side: 'receiver', withTracking: true }]);
            if (status === 'completed') {
              events.push(['receive', { side: 'receiver' }], ['receive', { side: 'proposer' }]);
              events.push([
                'release',
                {
                  transfers: [
                    ...ps.map((sneakerId) => ({ sneakerId, fromUserId: memberId(tradeReceiver[t]!), toUserId: memberId(tradeProposer[t]!) })),
                  ],
                },
              ]);
            } else if (status === 'disputed') events.push(['dispute', { side: 'proposer' }]);
            else if (status === 'cancelled') events.push(['refund', { reason: 'cancelled' }]);
            for (const [event, payload] of events) {
              if (written >= options.ledger) break;
              written++;
              const salt = newSalt();
              const commitment = computeCommitment(salt, { tradeId: t, payload });
              const createdAt = new Date(start + written * spacing);
              const hash = computeEntryHash(prevHash, { event, tradeRef, commitment, createdAt });
              yield [written, t, event, JSON.stringify(payload), tradeRef, salt, commitment, prevHash, hash, createdAt];
              prevHash = hash;
            }
          }
        }
      })(),
    );
  }

  // ---- what the rows imply: completed-trade counts, then the sequences past the ids used ----
  await client.query(`
    update users u set total_trades = c.n from (
      select member, count(*)::int as n from (
        select proposer_id as member from trades where status = 'completed'
        union all select receiver_id from trades where status = 'completed') x group by member) c
    where c.member = u.id`);
  for (const table of [
    'sneakers',
    'trades',
    'trade_events',
    'loops',
    'loop_legs',
    'conversations',
    'messages',
    'message_reads',
    'wants',
    'user_follows',
    'price_snapshots',
    'notifications',
    'ledger_entries',
  ]) {
    await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), greatest(1, (select coalesce(max(id), 0) from ${table})))`);
  }
  counts.loops = loopsWritten;
  return {
    collectorId: memberId(0),
    collectorSneakers: collectorCount,
    traderId: memberId(1),
    traderTrades,
    chatTradeId,
    chatMessages: perTrade[chatTradeId] ?? 0,
    counts,
    seed,
    loadedAt: new Date(now).toISOString(),
  };
}
