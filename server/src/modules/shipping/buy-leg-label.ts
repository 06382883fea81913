import type { BuyLabel, ShippingLabel } from '@soleswap/contracts/shipping';
import type { AppContext } from '../../context';
import type { ParcelRoute } from '../../db/schema/parcels';
import { AppError } from '../../errors';
import { providerKey, runProviderStep, skip } from '../payments/provider-step';
import { rethrowShippingFailure } from './shipping-failure';
import type { ShippingAddress } from './shipping-provider';
import { shippingProviderFor } from './shipping-providers';
import { viewOfLabel } from './leg-labels';
import { completeLabel, countFailedLabels, failLabel, findLiveLabel, insertLabelIntent, type ShippingLabelRow } from './shipping-labels.repository';

/**
 * A parcel leg a label is bought for, as the route that owns it hands it in (trades, loops, the
 * centre): shipping imports none of them. The route has already decided that the caller sends this
 * leg now and may see the destination (the address rules are the route's and the addresses module's).
 */
export interface LabelLeg {
  route: ParcelRoute;
  /** The route's key for the leg: `<trade id>:<side>`, a loop leg's id, an inspection's id. */
  legKey: string;
  senderId: string;
  from: ShippingAddress;
  to: ShippingAddress;
  /** Where the route prints the leg's label (with its packing slip). */
  labelUrl: string;
}

/**
 * Buys the leg's label (docs/rules/shipping.md#a-label-per-leg), one provider step: the intent is
 * recorded under the leg's idempotency key (`soleswap-label-<route>-<leg>-<attempt>`, the attempt
 * counting purchases the provider refused), the provider is called outside any transaction, and its
 * answer is applied. A leg holds one live label: asking again answers it (a retry, a double click,
 * another key); a purchase still pending (an outage, a timeout) is asked again under the same key, so
 * the provider sells one label. A refusal (no rate, an undeliverable address) frees the leg.
 * Who pays is SHIPPING_LABEL_PAYER: the platform (the only payer the server takes).
 */
export async function buyLegLabel(ctx: AppContext, { leg, input }: { leg: LabelLeg; input: BuyLabel }): Promise<ShippingLabel> {
  const row = await buyLabelRow(ctx, leg, input);
  const view = await viewOfLabel(ctx.db, row, leg.labelUrl);
  if (!view) throw new AppError('CONFLICT', 'This label is being bought. Try again in a moment.');
  return view;
}

async function buyLabelRow(ctx: AppContext, leg: LabelLeg, input: BuyLabel): Promise<ShippingLabelRow> {
  const payer = ctx.env.SHIPPING_LABEL_PAYER;
  const provider = shippingProviderFor(ctx);
  return runProviderStep({
    name: 'buy a shipping label',
    intent: async () => {
      const live = await findLiveLabel(ctx.db, leg.route, leg.legKey);
      if (live?.purchase === 'bought') return skip(live);
      if (live) return live;
      const attempt = await countFailedLabels(ctx.db, leg.route, leg.legKey);
      const inserted = await insertLabelIntent(ctx.db, {
        route: leg.route,
        legKey: leg.legKey,
        senderId: leg.senderId,
        provider: provider.name,
        idempotencyKey: providerKey('label', leg.route, leg.legKey, attempt),
        preset: input.preset,
        carrier: input.carrier ?? null,
        payer,
        destinationPostalCode: leg.to.postalCode,
        createdAt: ctx.now(),
      });
      if (inserted) return inserted;
      // Another request recorded the leg's intent first: go on with theirs.
      const raced = await findLiveLabel(ctx.db, leg.route, leg.legKey);
      if (!raced) throw new AppError('CONFLICT', 'This label is being bought. Try again in a moment.');
      return raced.purchase === 'bought' ? skip(raced) : raced;
    },
    call: (intent) =>
      provider
        .buyLabel({
          from: leg.from,
          to: leg.to,
          preset: input.preset,
          ...(input.carrier ? { carrier: input.carrier } : {}),
          idempotencyKey: intent.idempotencyKey,
        })
        .catch(rethrowShippingFailure),
    apply: async (intent, bought) => {
      const done = await completeLabel(ctx.db, intent.id, {
        carrier: bought.carrier,
        service: bought.service,
        trackingNumber: bought.trackingNumber,
        providerShipmentId: bought.shipmentId,
        providerTrackerId: bought.trackerId,
        rateCents: bought.rateCents,
        labelPdf: bought.labelPdf,
      });
      return done ?? (await findLiveLabel(ctx.db, leg.route, leg.legKey)) ?? intent;
    },
    unanswered: async (intent, failure) => {
      // An outage leaves the intent pending, to be asked again under its key; a refusal frees the leg.
      if (failure.code !== 'SHIPPING_PROVIDER_UNAVAILABLE') await failLabel(ctx.db, intent.id, failure.message);
      throw failure;
    },
  });
}
