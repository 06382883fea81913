import { COUNTRY_RULES, type PostalAddress } from './addresses';

/** The lines of an address as a parcel label prints them and every page shows them. */
export function addressLines(address: PostalAddress): string[] {
  const rule = COUNTRY_RULES[address.country];
  const region = address.region ? (rule.regions?.[address.region] ?? address.region) : null;
  return [
    address.name,
    address.line1,
    ...(address.line2 ? [address.line2] : []),
    [address.city, region, address.postalCode].filter(Boolean).join(', '),
    rule.name,
  ];
}
