import { ADDRESSES_MAX, type Address, type AddressInput } from '@soleswap/contracts/addresses';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { countAddresses, findSameAddress, insertAddress, lockBook } from './addresses.repository';
import { toAddress } from './address-view';

/**
 * Adds an address to the member's own book (POST /api/addresses). The input was checked against its
 * country's rules by AddressInputSchema. Sending the same address again returns the entry already
 * there instead of a duplicate, and a book holds at most ADDRESSES_MAX entries (409 CONFLICT).
 */
export async function createAddress(ctx: AppContext, { userId, input }: { userId: string; input: AddressInput }): Promise<Address> {
  return ctx.db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const same = await findSameAddress(tx, userId, input);
    if (same) return toAddress(same);
    if ((await countAddresses(tx, userId)) >= ADDRESSES_MAX) {
      throw new AppError('CONFLICT', `Your address book is full (${ADDRESSES_MAX} addresses); delete one first`);
    }
    return toAddress(await insertAddress(tx, userId, input, ctx.now()));
  });
}
