import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { addressesRoutes } from './addresses/addresses.routes';
import { blocksRoutes } from './blocks/blocks.routes';
import { catalogRoutes } from './catalog/catalog.routes';
import { releasePriceHistory } from './verification/get-price-history';
import { releasePriceLines } from './verification/get-release-price-lines';
import { chatRoutes } from './chat/chat.routes';
import { removeFollowsBetween } from './follows/follow-user';
import { followsRoutes } from './follows/follows.routes';
import { registerIdentity } from './identity/register-identity';
import { registerEnhancedSecurity } from './identity/enhanced-security';
import { portfolioRoutes } from './analytics/portfolio/portfolio.routes';
import { siteAnalyticsRoutes } from './analytics/site-analytics.routes';
import { inspectionRoutes } from './inspection/inspection.routes';
import { ledgerRoutes } from './ledger/ledger.routes';
import { registerLedgerSubjects } from './ledger/ledger-subjects';
import { liveRoutes } from './live/live.routes';
import { cancelProposedLoopsBetween } from './loops/cancel-loops-between';
import { isLoopMember } from './loops/is-loop-member';
import { loopKeyShareSubquery } from './loops/loop-records';
import { loopsRoutes } from './loops/loops.routes';
import { openLoopParcels } from './loops/open-loop-parcels';
import { settleHoldsOfLoop } from './loops/settle-loop-holds';
import { openForwardParcels } from './inspection/open-forward-parcels';
import { membersAwaitingFromCentre } from './inspection/awaiting-from-centre';
import { openInspections } from './inspection/open-inspections';
import { findPairIdOfSide } from './inspection/pair-of-side';
import { registerParcelRoute } from './parcels/parcel-routes';
import { registerCarrierLegHandler } from './shipping/carrier-leg-handlers';
import { registerLabelLegRoute } from './shipping/label-legs';
import { shippingRoutes } from './shipping/shipping.routes';
import { tradeLabelLegs } from './trades/trade-label-legs';
import { tradeLabelsRoutes } from './trades/trade-labels.routes';
import { registerEasyPostShippingProvider } from './shipping/easypost/register-easypost';
import { verifyShippingAddress } from './shipping/verify-shipping-address';
import { shippingWebhookRoutes } from './shipping/shipping-webhook.routes';
import { tradeCarrierLegs } from './trades/trade-carrier-legs';
import { loopCarrierLegs } from './loops/loop-carrier-legs';
import { openTradeParcels } from './trades/open-trade-parcels';
import { moderationRoutes } from './moderation/moderation.routes';
import { paymentsRoutes } from './payments/payments.routes';
import { registerNotifications } from './notifications/register-notifications';
import { registerPush } from './push/register-push';
import { getSneakerValueStats } from './sneakers/get-sneaker-value-stats';
import { sneakersRoutes } from './sneakers/sneakers.routes';
import { verificationReviewRoutes } from './sneakers/verification-review.routes';
import { mayReadTrade } from './trades/may-read-trade';
import { getTradeParties } from './trades/get-trade-parties';
import { cancelPendingTradesBetween } from './trades/cancel-trades-between';
import { readShipToFacts } from './trades/ship-to-facts';
import { tradeKeyShareSubquery } from './trades/trade-records';
import { tradesRoutes } from './trades/trades.routes';
import { registerTradeCentre } from './trades/trade-centre';
import { disputeEvidenceRoutes } from './trades/dispute-evidence.routes';
import { tradeReturnsRoutes } from './trades/trade-returns.routes';
import { openReturnParcels } from './trades/open-return-parcels';
import { uploadsRoutes } from './uploads/uploads.routes';
import { verificationRoutes } from './verification/verification.routes';
import { marketWantlists } from './wants/want-records';
import { wantsRoutes } from './wants/wants.routes';
import { handleConnectWebhook } from './wallet/stripe-onboarding';
import { walletRoutes } from './wallet/wallet.routes';
import { holdAppealsRoutes } from './wallet/hold-appeals.routes';
import { settleCashOfTrade } from './trades/settle-trade-cash-after';

/**
 * What a lower module asks of the modules above it, handed in once per process before any service
 * runs: by the app here, and by anything that runs the services without the app (a test seeding
 * demo trades straight into a database).
 */
export function handInAcrossModules(ctx: AppContext): void {
  // SHIPPING_PROVIDER=easypost answers with the EasyPost provider (shipping-providers.ts keeps the sandbox free of its SDK).
  registerEasyPostShippingProvider();
  // A tracking number is on one open parcel at a time, on any route: parcels asks each route whether its leg is still open.
  registerParcelRoute('trade', openTradeParcels);
  registerParcelRoute('loop', openLoopParcels);
  registerParcelRoute('centre', (db, legs, at) => openForwardParcels(db, legs, at, ctx.env));
  registerParcelRoute('return', openReturnParcels);
  // The carrier's word moves a leg (docs/rules/shipping.md#carrier-events): shipping imports no route, so each route hands in what it does.
  registerCarrierLegHandler('trade', tradeCarrierLegs);
  registerCarrierLegHandler('loop', loopCarrierLegs);
  // A label's leg: its parties (who may move a sandbox parcel) and where its label prints.
  registerLabelLegRoute('trade', tradeLabelLegs);
  // The centre runs trades' custody steps, so it sits above trades: it hands in what an acceptance, a slip and a ship-to ask of it.
  registerTradeCentre({ openInspections, findPairIdOfSide, membersAwaitingFromCentre });
  // A ledger entry locks its trade's or loop's row before the head of the chain; trades and loops own those rows, so they hand in how.
  registerLedgerSubjects({ trade: tradeKeyShareSubquery, loop: loopKeyShareSubquery });
}

/**
 * Feature modules register their routes here (identity, catalog, sneakers, trades, ledger, ...),
 * one line each, so app.ts stays about cross-cutting concerns. A module that does side work after
 * other modules' changes also registers its domain-event listeners here (`register<Module>`).
 */
export async function registerModules(app: FastifyInstance) {
  // Listener failures go to the app's log, with the event's name.
  app.ctx.events.useLogger(app.log);
  // Side work already under way finishes before the database it writes to is closed.
  app.addHook('onClose', () => app.ctx.events.idle());
  // Premium's Enhanced Security: one hook reads each route's `config.stepUp` (before any route is registered).
  registerEnhancedSecurity(app);
  await app.register(followsRoutes);
  handInAcrossModules(app.ctx);
  // A block ends follows, pending trades and proposed loops; those modules depend on blocks, so they hand in how.
  await app.register(blocksRoutes, {
    removeFollowsBetween,
    cancelTradesBetween: cancelPendingTradesBetween,
    cancelLoopsBetween: cancelProposedLoopsBetween,
  });
  await app.register(moderationRoutes);
  await registerIdentity(app);
  await app.register(tradesRoutes);
  await app.register(tradeLabelsRoutes);
  await app.register(shippingRoutes);
  await app.register(disputeEvidenceRoutes);
  // A ruling's note and the pairs going back after a refund (docs/rules/trades.md#returns-after-a-refund).
  await app.register(tradeReturnsRoutes);
  // Ship-to addresses of a trade: trades records them through addresses, so it hands in what addresses must know of a trade.
  // Each address saved is verified by the shipping provider first; shipping sits above addresses, so it hands in how.
  await app.register(addressesRoutes, { readFacts: readShipToFacts, verifyAddress: verifyShippingAddress });
  // The authentication centre's queue and steps (docs/rules/inspection.md).
  await app.register(inspectionRoutes);
  // A ledger entry's details are for the trade's or loop's members; both append to the ledger, so the checks are handed in.
  await app.register(ledgerRoutes, { isLoopMember, mayReadTrade });
  await app.register(catalogRoutes, { memberSneakerStats: getSneakerValueStats, releasePriceHistory, releasePriceLines });
  await app.register(uploadsRoutes);
  // Before the sneakers routes: /api/sneakers/batch-verify is a static path next to /api/sneakers/:id.
  await app.register(verificationRoutes);
  await app.register(sneakersRoutes);
  await app.register(verificationReviewRoutes);
  await app.register(liveRoutes);
  await app.register(siteAnalyticsRoutes);
  await app.register(portfolioRoutes);
  await app.register(paymentsRoutes, { otherStripeEvents: handleConnectWebhook });
  await app.register(walletRoutes);
  // The shipping provider's tracker webhooks: carrier events move the legs of trades, loops and the centre (docs/rules/shipping.md#carrier-events).
  await app.register(shippingWebhookRoutes);
  // Appeals of a captured protection hold (docs/rules/money.md#appealing-a-capture); trades sits above the wallet, so it hands in who may see a trade.
  await app.register(holdAppealsRoutes, { tradeParties: getTradeParties });
  // Cash is captured or released after the trade step commits, outside its transaction (docs/rules/money.md).
  app.ctx.events.on('trade.changed', (event) => settleCashOfTrade(app.ctx, { id: event.tradeId, status: event.status }));
  // A loop's protection holds, the same way once its step commits.
  app.ctx.events.on('loop.changed', (event) => settleHoldsOfLoop(app.ctx, { id: event.loopId, status: event.status }));
  await registerNotifications(app);
  // Web Push: a committed bell notification goes to the member's devices; a session's subscriptions end with it.
  await registerPush(app);
  await app.register(chatRoutes);
  await app.register(wantsRoutes);
  // The loop market reads wantlists; wants builds its matches on that market, so it hands its reader in.
  await app.register(loopsRoutes, { wantlists: marketWantlists });
}
