import type { PostalAddress } from '@soleswap/contracts/addresses';
import type { AddressVerification } from '@soleswap/contracts/shipping';
import type { AppContext } from '../../context';
import { isTransactionOpen } from '../../db/open-transactions';
import { shippingProviderFor } from './shipping-providers';
import { shippingFailure } from './shipping-failure';

/**
 * The shipping provider's word on an address a member saves (handed to addresses by
 * register-modules.ts, docs/rules/addresses.md#verified-at-entry). A provider call never holds a
 * database transaction open (asserted), and its failure is worded by shippingFailure (502
 * SHIPPING_PROVIDER_UNAVAILABLE when it cannot be reached, never a 500).
 */
export async function verifyShippingAddress(ctx: AppContext, address: PostalAddress): Promise<AddressVerification> {
  if (isTransactionOpen())
    throw new Error('verifyShippingAddress was called with a database transaction open: a provider call must never hold a lock');
  try {
    return await shippingProviderFor(ctx).verifyAddress(address);
  } catch (error) {
    throw shippingFailure(error);
  }
}
