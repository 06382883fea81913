import type { PostalAddress } from '@soleswap/contracts/addresses';

/** One line, for a picker's option. */
export function addressSummary(address: PostalAddress): string {
  return `${address.name}, ${address.line1}, ${address.city} ${address.postalCode} (${address.country})`;
}
