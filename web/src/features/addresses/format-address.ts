import { COUNTRY_RULES, type ShippingCountry } from '@soleswap/contracts/addresses-values';

interface AddressLike {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postalCode: string;
  country: ShippingCountry;
}

/** The lines of an address as a label shows them. */
export function addressLines(address: AddressLike): string[] {
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
export function addressSummary(address: AddressLike): string {
  return `${address.name}, ${address.line1}, ${address.city} ${address.postalCode} (${address.country})`;
}
