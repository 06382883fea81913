import type { TradeStatus } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { acceptTrade } from './accept-trade';
import { cancelTrade } from './cancel-trade';
import { disputeTrade } from './dispute-trade';
import { proposeTrade } from './propose-trade';
import { rateTrade } from './rate-trade';
import { markTradeReceived } from './receive-trade';
import { rejectTrade } from './reject-trade';
import { markTradeShipped } from './ship-trade';
import { createAddress } from '../addresses/create-address';
import { findFreeSneakersOf, listMembersWithFreeSneakers } from '../custody/trade-sneakers';
import type { TradeViewer } from './trade-view';
import { anyTradeExists } from './trades.repository';

/** The statuses a demo shows, in the order they are built (locking ones first, while sneakers are free). */
const DEMO_STATUSES = ['completed', 'accepted', 'disputed', 'cancelled', 'rejected', 'pending'] as const;
type DemoStatus = (typeof DEMO_STATUSES)[number] & TradeStatus;

const MESSAGES: Record<DemoStatus, string> = {
  completed: 'Clean pair, worn twice. Swap?',
  accepted: 'Been hunting this colorway for months!',
  disputed: 'Straight swap, both deadstock?',
  cancelled: 'Would you trade for these?',
  rejected: 'Quick trade offer for your pair',
  pending: 'Interested in a swap? Happy to add a second pair.',
};

/** Valid numbers (check digits included) from the tracking library's own test data. */
const DEMO_TRACKING = { ups: '1Z5R89390357567127', usps: '9400111202555842332669', fedex: '986578788855' } as const;

/** The sandbox's test card: demo members new to trading owe protection holds, held on it (docs/rules/money.md). */
const DEMO_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '2040', cvc: '123' };

const member = (id: string): TradeViewer => ({ id, isAdmin: false });

/** Where a demo member's parcels go: a sample address in their book (creating the same one again answers it). */
async function demoAddressOf(ctx: AppContext, userId: string): Promise<number> {
  const address = await createAddress(ctx, {
    userId,
    input: {
      name: 'SoleSwap demo member',
      line1: '100 Sample Street',
      line2: null,
      city: 'Portland',
      region: 'OR',
      postalCode: '97201',
      country: 'US',
    },
  });
  return address.id;
}

/**
 * Demo content (see docs/rules/roles.md#demo-content): one trade in each reachable status (pending, accepted,
 * completed, rejected, cancelled, disputed) among the demo members' free sneakers, built
 * through the real services so escrow locks, ownership, ratings and the ledger agree.
 * Matches the demo seeder's hook (modules/demo/seed-demo.ts `SeedDemoHooks.seedDemoTrades`):
 * `demo.members` picks the members (default: the first members owning free sneakers).
 * Idempotent: does nothing when any trade exists. Skips a status when there are not enough
 * free sneakers left for it.
 */
export async function seedDemoTrades(ctx: AppContext, demo?: { members: Array<{ id: string }> }): Promise<void> {
  if (await anyTradeExists(ctx.db)) return;
  const members = demo?.members.map((m) => m.id) ?? (await listMembersWithFreeSneakers(ctx.db, 10));
  if (members.length < 2) return;

  // One distinct sneaker per trade side, so no demo trade blocks another.
  const free = new Map<string, number[]>(members.map((id) => [id, []]));
  for (const s of await findFreeSneakersOf(ctx.db, members)) free.get(s.userId)!.push(s.id);

  for (const [i, status] of DEMO_STATUSES.entries()) {
    // Rotate through pairs of members so each demo member sees a few kinds of trade.
    const pairs = members.flatMap((a, x) => members.slice(x + 1).map((b) => [a, b] as const));
    const pair = [...pairs.slice(i % pairs.length), ...pairs.slice(0, i % pairs.length)].find(
      ([a, b]) => free.get(a)!.length > 0 && free.get(b)!.length > 0,
    );
    if (!pair) break;
    const [proposerId, receiverId] = i % 2 === 0 ? pair : [pair[1], pair[0]];
    const proposer = member(proposerId);
    const receiver = member(receiverId);
    // Each side chooses where its parcel goes, as a side must before the other may ship.
    const trade = await proposeTrade(ctx, {
      actor: proposer,
      input: {
        receiverId,
        shipToAddressId: await demoAddressOf(ctx, proposerId),
        proposerSneakerIds: [free.get(proposerId)!.shift()!],
        receiverSneakerIds: [free.get(receiverId)!.shift()!],
        proposerMessage: MESSAGES[status],
        proposerCashCents: 0,
        receiverCashCents: 0,
        cashCard: DEMO_CARD,
      },
    });
    const tradeId = trade.id;
    if (status === 'rejected') await rejectTrade(ctx, { actor: receiver, tradeId });
    if (status !== 'pending' && status !== 'rejected') {
      await acceptTrade(ctx, { actor: receiver, tradeId, input: { shipToAddressId: await demoAddressOf(ctx, receiverId), cashCard: DEMO_CARD } });
    }
    if (status === 'disputed') {
      await markTradeShipped(ctx, { actor: proposer, tradeId, input: { trackingNumber: DEMO_TRACKING.ups }, isDemo: true });
      await disputeTrade(ctx, { actor: proposer, tradeId, input: { reason: 'Nothing has arrived and the tracking page has not moved in a week.' } });
    }
    if (status === 'cancelled') {
      await cancelTrade(ctx, { actor: proposer, tradeId });
      await cancelTrade(ctx, { actor: receiver, tradeId });
    }
    if (status === 'completed') {
      await markTradeShipped(ctx, { actor: proposer, tradeId, input: { trackingNumber: DEMO_TRACKING.usps }, isDemo: true });
      await markTradeShipped(ctx, { actor: receiver, tradeId, input: { trackingNumber: DEMO_TRACKING.fedex }, isDemo: true });
      for (const side of [proposer, receiver]) await markTradeReceived(ctx, { actor: side, tradeId });
      await rateTrade(ctx, { actor: proposer, tradeId, input: { score: 5, comment: 'Fast shipping, exactly as described.' } });
      await rateTrade(ctx, { actor: receiver, tradeId, input: { score: 4 } });
    }
  }
}
