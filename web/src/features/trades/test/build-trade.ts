import { buildSneaker as buildApiSneaker } from '../../../test/build-sneaker';
import type { Sneaker } from '@soleswap/contracts/sneakers';
import type { Trade, TradeSneaker } from '@soleswap/contracts/trades';
import type { Verdict } from '@soleswap/contracts/verification-values';

export const ME_ID = '11111111-1111-4111-8111-111111111111';
export const THEM_ID = '22222222-2222-4222-8222-222222222222';

export const NOT_VERIFIED: Verdict = { status: 'not_verified', label: 'Not verified', score: null, date: null, isStale: false };

/** A verdict of "Flagged for review" (score 0.41, verified May 20 2026). */
export const FLAGGED: Verdict = { status: 'flagged', label: 'Flagged for review', score: '0.41', date: '2026-05-20T10:00:00.000Z', isStale: false };

/** A sneaker as a trade card shows it; override what a test cares about. */
export function buildTradeSneaker(overrides: Partial<TradeSneaker> = {}): TradeSneaker {
  return {
    id: 1,
    name: 'Air Jordan 1 Chicago',
    brand: 'Jordan',
    size: '10',
    condition: '9.5',
    estimatedValue: '250.00',
    marketPrice: null,
    imageUrl: null,
    thumbnailUrl: null,
    userId: ME_ID,
    verdict: NOT_VERIFIED,
    ...overrides,
  };
}

/**
 * A pending trade I proposed to "sole_sam": my sneaker #1 for their #2. Override `myRole`,
 * `status` and `allowedActions` to look at it from the other side or a later state.
 */
export function buildTrade(overrides: Partial<Trade> = {}): Trade {
  return {
    id: 42,
    proposerId: ME_ID,
    receiverId: THEM_ID,
    status: 'pending',
    proposerSneakerIds: [1],
    receiverSneakerIds: [2],
    proposerMessage: 'Clean pair, worn twice',
    receiverMessage: null,
    proposerCashCents: 0,
    receiverCashCents: 0,
    cash: null,
    viaAuthentication: false,
    protectionHolds: [],
    blockchainTxHash: null,
    escrowStatus: 'pending',
    parentTradeId: null,
    acceptedAt: null,
    proposerShippedAt: null,
    receiverShippedAt: null,
    proposerTrackingNumber: null,
    receiverTrackingNumber: null,
    proposerTracking: null,
    receiverTracking: null,
    proposerReceivedAt: null,
    receiverReceivedAt: null,
    proposerReceiveBy: null,
    receiverReceiveBy: null,
    proposerCancelRequestedAt: null,
    receiverCancelRequestedAt: null,
    disputeReason: null,
    disputedById: null,
    disputedAt: null,
    completedAt: null,
    closedAt: null,
    expiresAt: '2030-01-08T00:00:00.000Z',
    shipBy: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    allowedActions: ['cancel'],
    isUnavailable: false,
    myRole: 'proposer',
    counterparty: {
      id: THEM_ID,
      username: 'sole_sam',
      firstName: 'Sam',
      lastName: 'Lee',
      profileImageUrl: null,
      reputation: '4.25',
      totalTrades: 7,
    },
    proposerSneakers: [buildTradeSneaker({ id: 1, name: 'Air Jordan 1 Chicago', userId: ME_ID })],
    receiverSneakers: [buildTradeSneaker({ id: 2, name: 'Yeezy Boost 350 Zebra', brand: 'Yeezy', userId: THEM_ID })],
    myRating: null,
    canRate: false,
    flaggedAcknowledgements: [],
    ...overrides,
  };
}

/** A sneaker as GET /api/sneakers/user/:id returns it: mine, available and unlocked unless overridden. */
export function buildSneaker(overrides: Partial<Sneaker> = {}): Sneaker {
  return buildApiSneaker({ userId: ME_ID, name: 'Air Jordan 1 Chicago', model: 'Air Jordan 1', colorway: null, size: '10', ...overrides });
}
