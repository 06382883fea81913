import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findOwnAddress, upsertShipTo } from './addresses.repository';
import { subjectOf, type ShipToOf } from './ship-to-chosen';

/**
 * Records where the member's parcel should be shipped: on a trade, their side's; on a loop, the
 * leg they receive. A copy of one of their own book entries (400 naming `field` when the id is not
 * theirs). Runs in the caller's transaction: the proposal, counter-offer or acceptance it belongs
 * to, or a change of mind (choose-trade-ship-to.ts, choose-loop-ship-to.ts).
 */
export async function chooseShipTo(
  db: Db,
  { userId, addressId, at, field, ...of }: ShipToOf & { userId: string; addressId: number; at: Date; field: string },
) {
  const address = await findOwnAddress(db, userId, addressId);
  if (!address) {
    const message = 'Choose an address from your own address book';
    throw new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } });
  }
  await upsertShipTo(db, subjectOf(of as ShipToOf), {
    userId,
    addressId: address.id,
    name: address.name,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    region: address.region,
    postalCode: address.postalCode,
    country: address.country,
    chosenAt: at,
  });
}
