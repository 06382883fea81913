import type { Address, AddressInput } from '@soleswap/contracts/addresses';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { updateOwnAddress } from './addresses.repository';
import { toAddress } from './address-view';

/**
 * Replaces an address of the member's own book (PUT /api/addresses/:id); someone else's is 404.
 * A trade's ship-to is a copy taken when it was chosen, so no parcel already on its way moves.
 */
export async function updateAddress(ctx: AppContext, { userId, id, input }: { userId: string; id: number; input: AddressInput }): Promise<Address> {
  const row = await updateOwnAddress(ctx.db, userId, id, input, ctx.now());
  if (!row) throw notFound('Address');
  return toAddress(row);
}
