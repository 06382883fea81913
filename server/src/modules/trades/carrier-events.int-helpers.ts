import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Carrier, CarrierStatus, LabelRoute } from '@soleswap/contracts/shipping';
import { freshTrackingNumber } from '../../../test/fresh-tracking-number';
import type { TestApp } from '../../../test/test-app';
import { shippingLabels } from '../../db/schema/index';
import { chooseShipTos, memberWithSneakers, proposal, TEST_ADDRESS } from './trades.int-helpers';
import { applyCarrierEvent, type CarrierEventOutcome } from '../shipping/apply-carrier-event';

/** Test-only helpers of the carrier-event tests (here, beside the trades' helpers they build on, so shipping's code never imports trades): a trade with a bought label per side, and carrier events on them. */

/** A bought label on a leg (a trade side by default), as a purchase leaves it (no carrier event yet), straight into the table. */
export async function boughtLabel(
  testApp: TestApp,
  { route = 'trade', legKey, senderId, carrier = 'usps' }: { route?: LabelRoute; legKey: string; senderId: string; carrier?: Carrier },
) {
  const [label] = await testApp.ctx.db
    .insert(shippingLabels)
    .values({
      route,
      legKey,
      senderId,
      purchase: 'bought',
      provider: 'sandbox',
      idempotencyKey: `test-label-${randomBytes(6).toString('hex')}`,
      preset: 'one-pair',
      carrier,
      service: 'Priority',
      trackingNumber: freshTrackingNumber(carrier),
      providerShipmentId: `shp_${randomBytes(6).toString('hex')}`,
      providerTrackerId: `trk_${randomBytes(6).toString('hex')}`,
      destinationPostalCode: TEST_ADDRESS.postalCode,
    })
    .returning();
  return label!;
}

/** An accepted trade between two new members, both ship-tos chosen, a bought label on each side and nothing shipped. */
export async function tradeWithLabels(testApp: TestApp) {
  const alice = await memberWithSneakers(testApp, 'alice', 1);
  const bob = await memberWithSneakers(testApp, 'bob', 1);
  const trade = (await alice.post('/api/trades', proposal(alice, bob))).body as { id: number };
  expect((await bob.post(`/api/trades/${trade.id}/accept`)).status).toBe(200);
  await chooseShipTos(trade.id, alice, bob);
  const aliceLabel = await boughtLabel(testApp, { legKey: `${trade.id}:proposer`, senderId: alice.user.id });
  const bobLabel = await boughtLabel(testApp, { legKey: `${trade.id}:receiver`, senderId: bob.user.id });
  return { alice, bob, trade, aliceLabel, bobLabel };
}

/** The carrier says `status` about the label now (or at `at`), under a new provider event id unless one is given. */
export function carrierSays(
  testApp: TestApp,
  labelId: number,
  status: CarrierStatus,
  {
    eventId = `evt_${randomBytes(6).toString('hex')}`,
    at = testApp.ctx.now(),
    postalCode,
  }: { eventId?: string; at?: Date; postalCode?: string } = {},
): Promise<CarrierEventOutcome> {
  return applyCarrierEvent(testApp.ctx, {
    labelId,
    providerEventId: eventId,
    status,
    message: `Carrier says ${status}`,
    location: 'Austin, TX',
    occurredAt: at,
    postalCode: postalCode ?? null,
  });
}
