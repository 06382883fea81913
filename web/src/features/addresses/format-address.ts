import type { PostalAddress } from '@soleswap/contracts/addresses';
import { COUNTRY_RULES } from '@soleswap/contracts/addresses-values';

/** The lines of an address as a label shows them. */
export function addressLines(address: PostalAddress): string[] {
  const region = address.region ? (COUNTRY_RULES[address.country].regions?.[address.region] ?? address.region) : null;
  return [
    address.name,
    address.line1,
    ...(address.line2 ? [address.line2] : []),
    [address.city, region, address.postalCode].filter(Boolean).join(', '),
    COUNTRY_RULES[address.country].name,
  ];
}

/** One line, for a picker's option. */
export function addressSummary(address: PostalAddress): string {
  return `${address.name}, ${address.line1}, ${address.city} ${address.postalCode} (${address.country})`;
}
