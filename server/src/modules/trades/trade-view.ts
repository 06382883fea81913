import type { Trade, TradeSneaker } from '@soleswap/contracts/trades';
import { trackingOf } from '@soleswap/contracts/tracking-numbers';
import type { Db } from '../../db/client';
import { allowedActions, rolesOf } from './trade.machine';
import { findMemberCards, type MemberCardRow } from '../users/member-records';
import { findRatingsBy } from './trade-parties.repository';
import { sneakerVerdict } from '../sneakers/sneaker-records';
import { readSneakerTradeFacts, type TradeSneakerRow } from '../custody/trade-sneakers';
import { untradeableSneakers, type SneakerTradeFacts } from '../custody/tradeable-sneaker';
import type { TradePageRow } from './trade-page.repository';
import type { TradeRow } from './trades.repository';
import { tradeCashOf } from './trade-cash';
import { protectionHoldsOf } from './protection-holds';

/** Who is looking at a trade. */
export interface TradeViewer {
  id: string;
  isAdmin: boolean;
}

/** Everything the views of a page of trades need, fetched in one query per table. */
interface TradeLookups extends SneakerTradeFacts<TradeSneakerRow> {
  parties: Map<string, MemberCardRow>;
  /** trade id → the viewer's rating */
  myRatings: Map<number, { score: number; comment: string | null }>;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toTradeSneaker(s: TradeSneakerRow): TradeSneaker {
  return {
    id: s.id,
    name: s.name,
    brand: s.brand,
    size: s.size,
    condition: s.condition,
    estimatedValue: s.estimatedValue,
    marketPrice: s.marketPrice,
    imageUrl: s.imageUrl,
    thumbnailUrl: s.thumbnailUrl,
    userId: s.userId,
    verdict: sneakerVerdict(s),
  };
}

/**
 * A pending trade that can no longer be accepted: one of its sneakers is locked in another
 * trade, or is gone, changed owner, is hidden or was edited since (the same checks acceptance makes).
 */
function isUnavailable(trade: TradeRow, lookups: TradeLookups): boolean {
  return trade.status === 'pending' && untradeableSneakers(trade, lookups, trade).length > 0;
}

/**
 * The API shape of a trade for one viewer, with the actions the state machine allows them.
 * An admin who is not a party (reading a dispute) sees it from the proposer's side, with
 * only the admin's actions.
 */
function toTrade(row: TradeRow, viewer: TradeViewer, lookups: TradeLookups): Trade {
  const { status } = row;
  const roles = rolesOf(row, viewer);
  const myRole = row.receiverId === viewer.id ? 'receiver' : 'proposer';
  const counterpartyId = myRole === 'proposer' ? row.receiverId : row.proposerId;
  const party = lookups.parties.get(counterpartyId);
  const unavailable = isUnavailable(row, lookups);
  // Only a completed trade is rated by people; anything else here is a ship-deadline penalty.
  const myRating = status === 'completed' ? (lookups.myRatings.get(row.id) ?? null) : null;
  const actions = allowedActions({ ...row, status, hasRated: myRating !== null, isUnavailable: unavailable }, roles);
  const sneakersOf = (ids: number[]) =>
    ids.flatMap((id) => {
      const sneaker = lookups.sneakers.get(id);
      return sneaker ? [toTradeSneaker(sneaker)] : [];
    });
  return {
    id: row.id,
    proposerId: row.proposerId,
    receiverId: row.receiverId,
    status,
    proposerSneakerIds: row.proposerSneakerIds,
    receiverSneakerIds: row.receiverSneakerIds,
    proposerMessage: row.proposerMessage,
    receiverMessage: row.receiverMessage,
    blockchainTxHash: row.blockchainTxHash,
    escrowStatus: row.escrowStatus,
    parentTradeId: row.parentTradeId,
    acceptedAt: iso(row.acceptedAt),
    proposerShippedAt: iso(row.proposerShippedAt),
    receiverShippedAt: iso(row.receiverShippedAt),
    proposerTrackingNumber: row.proposerTrackingNumber,
    receiverTrackingNumber: row.receiverTrackingNumber,
    proposerTracking: trackingOf(row.proposerCarrier, row.proposerTrackingNumber),
    receiverTracking: trackingOf(row.receiverCarrier, row.receiverTrackingNumber),
    proposerReceivedAt: iso(row.proposerReceivedAt),
    receiverReceivedAt: iso(row.receiverReceivedAt),
    proposerReceiveBy: iso(row.proposerReceiveBy),
    receiverReceiveBy: iso(row.receiverReceiveBy),
    proposerCancelRequestedAt: iso(row.proposerCancelRequestedAt),
    receiverCancelRequestedAt: iso(row.receiverCancelRequestedAt),
    disputeReason: row.disputeReason,
    disputedById: row.disputedById,
    disputedAt: iso(row.disputedAt),
    completedAt: iso(row.completedAt),
    closedAt: iso(row.closedAt),
    expiresAt: iso(row.expiresAt),
    shipBy: iso(row.shipBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    allowedActions: actions,
    isUnavailable: unavailable,
    myRole,
    counterparty: {
      id: counterpartyId,
      username: party?.username ?? null,
      firstName: party?.firstName ?? null,
      lastName: party?.lastName ?? null,
      profileImageUrl: party?.profileImageUrl ?? null,
      reputation: party?.reputation ?? '0.00',
      totalTrades: party?.totalTrades ?? 0,
    },
    proposerSneakers: sneakersOf(row.proposerSneakerIds),
    receiverSneakers: sneakersOf(row.receiverSneakerIds),
    myRating,
    canRate: actions.includes('rate'),
    flaggedAcknowledgements: row.flaggedAcknowledgements,
    proposerCashCents: row.proposerCashCents,
    receiverCashCents: row.receiverCashCents,
    cash: tradeCashOf(row),
    viaAuthentication: row.viaAuthentication,
    protectionHolds: protectionHoldsOf(row),
  };
}

/**
 * Views of many trades for one viewer: sneakers, counterparties, escrow locks and the viewer's
 * ratings are each fetched once for the whole list (no query per trade).
 */
export async function buildTradeViews(db: Db, rows: TradeRow[], viewer: TradeViewer): Promise<Trade[]> {
  if (rows.length === 0) return [];
  const sneakerIds = [...new Set(rows.flatMap((t) => [...t.proposerSneakerIds, ...t.receiverSneakerIds]))];
  const userIds = [...new Set(rows.flatMap((t) => [t.proposerId, t.receiverId]))];
  // One after the other: `db` may be a transaction (an answer built inside the idempotency
  // transaction), and one connection runs one query at a time.
  const facts = await readSneakerTradeFacts(db, sneakerIds);
  const parties = await findMemberCards(db, userIds);
  const ratings = await findRatingsBy(
    db,
    viewer.id,
    rows.map((t) => t.id),
  );
  const lookups: TradeLookups = {
    ...facts,
    parties: new Map(parties.map((p) => [p.id, p])),
    myRatings: new Map(ratings.map((r) => [r.tradeId, { score: r.score, comment: r.comment }])),
  };
  return rows.map((row) => toTrade(row, viewer, lookups));
}

/**
 * Views of a page of trades read with their sneakers, counterparts and the viewer's ratings
 * (trade-page.repository.ts): no further statement.
 */
export function tradeViewsOfPage(rows: TradePageRow[], viewer: TradeViewer): Trade[] {
  const sneakers = new Map<number, TradeSneakerRow>();
  const lockedBy = new Map<number, number>();
  const parties = new Map<string, MemberCardRow>();
  const myRatings = new Map<number, { score: number; comment: string | null }>();
  for (const row of rows) {
    for (const { lockedBy: tradeId, ...sneaker } of row.sneakers) {
      sneakers.set(sneaker.id, sneaker);
      if (tradeId !== null) lockedBy.set(sneaker.id, tradeId);
    }
    if (row.counterparty) parties.set(row.counterparty.id, row.counterparty);
    if (row.myRating) myRatings.set(row.id, row.myRating);
  }
  const lookups: TradeLookups = { sneakers, lockedBy, parties, myRatings };
  return rows.map((row) => toTrade(row, viewer, lookups));
}

/** The view of one trade for one viewer. */
export async function buildTradeView(db: Db, row: TradeRow, viewer: TradeViewer): Promise<Trade> {
  const [view] = await buildTradeViews(db, [row], viewer);
  return view!;
}
