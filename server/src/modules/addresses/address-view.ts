import type { Address, ShipToAddress } from '@soleswap/contracts/addresses';
import type { AddressRow, ShipToRow } from './addresses.repository';

/** A book entry as its owner sees it. */
export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    name: row.name,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    country: row.country,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toShipTo(row: ShipToRow): ShipToAddress {
  return {
    name: row.name,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    country: row.country,
    chosenAt: row.chosenAt.toISOString(),
  };
}
