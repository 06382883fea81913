import { z } from 'zod';
import { COUNTRY_RULES, SHIPPING_COUNTRIES, type ShippingCountry } from './addresses-values';
import { shownNameCheck } from './names';

export { COUNTRY_RULES, SHIPPING_COUNTRIES, type ShippingCountry } from './addresses-values';

/** Most addresses one member keeps in their address book. */
export const ADDRESSES_MAX = 20;
/** Longest recipient name, address line and city. */
export const ADDRESS_NAME_MAX = 100;
export const ADDRESS_LINE_MAX = 120;
export const ADDRESS_CITY_MAX = 80;
/** Days after a trade ends (completed or cancelled) during which the other side may still read the ship-to address. */
export const SHIP_TO_VISIBLE_DAYS = 30;

/**
 * Every line of an address is printed on the other side's packing slip and parcel label, so each
 * follows the rules for names others see (contracts/src/names.ts): something visible (not only
 * zero-width or format characters) and no direction override, embedding or isolate.
 */
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required`, abort: true })
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine(shownNameCheck(label));

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine(shownNameCheck(label))
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * POST /api/addresses and PUT /api/addresses/:id: one address of the member's book. The postal code
 * and the region are checked against the country's rules (address-countries.ts), and come back
 * normalised (upper case, the country's spacing: "sw1a1aa" is stored "SW1A 1AA").
 */
export const AddressInputSchema = z
  .object({
    name: text('Name', ADDRESS_NAME_MAX),
    line1: text('Address line 1', ADDRESS_LINE_MAX),
    line2: optionalText('Address line 2', ADDRESS_LINE_MAX),
    city: text('City', ADDRESS_CITY_MAX),
    region: optionalText('Region', ADDRESS_CITY_MAX),
    postalCode: z.string({ error: 'Postal code is required' }).trim().max(16, 'Postal code must be at most 16 characters'),
    country: z
      .string({ error: 'Country is required' })
      .trim()
      .toUpperCase()
      .refine(
        (c): c is ShippingCountry => (SHIPPING_COUNTRIES as readonly string[]).includes(c),
        'We cannot ship to this country yet; choose one from the list',
      ),
  })
  .strict()
  .transform((input, ctx) => {
    const rules = COUNTRY_RULES[input.country as ShippingCountry];
    const postal = rules.postal(input.postalCode);
    if (postal === null) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: `Enter a ${rules.postalLabel} like ${rules.postalExample}` });
    let region = input.region;
    if (rules.regions) {
      const key = (region ?? '').toUpperCase();
      const code = rules.regions[key] ? key : Object.entries(rules.regions).find(([, name]) => name.toUpperCase() === key)?.[0];
      if (!region) ctx.addIssue({ code: 'custom', path: ['region'], message: `${rules.regionLabel} is required` });
      else if (!code) ctx.addIssue({ code: 'custom', path: ['region'], message: `Choose a ${rules.regionLabel.toLowerCase()} of ${rules.name}` });
      else region = code;
    } else if (rules.regionRequired && !region) {
      ctx.addIssue({ code: 'custom', path: ['region'], message: `${rules.regionLabel} is required` });
    }
    return { ...input, country: input.country as ShippingCountry, postalCode: postal ?? input.postalCode, region };
  });
export type AddressInput = z.output<typeof AddressInputSchema>;

/**
 * Beside an address saved by POST /api/addresses or PUT /api/addresses/:id: the member's answer to
 * the carrier's suggestion (ADDRESS_SUGGESTION, docs/rules/addresses.md#verified-at-entry). With
 * `acceptSuggestion` the provider's corrected form is saved, with `keepAsTyped` what was typed; an
 * undeliverable address is refused either way.
 */
export const AddressSaveChoiceSchema = z
  .object({
    keepAsTyped: z.literal(true, { error: 'keepAsTyped is true or absent' }).optional(),
    acceptSuggestion: z.literal(true, { error: 'acceptSuggestion is true or absent' }).optional(),
  })
  .refine((choice) => !(choice.keepAsTyped && choice.acceptSuggestion), {
    message: 'Choose either the suggested address or the address as typed',
    path: ['acceptSuggestion'],
  });
export type AddressSaveChoice = z.infer<typeof AddressSaveChoiceSchema>;

/** ADDRESS_SUGGESTION's details: the carrier's form beside what was typed, and its words. */
export interface AddressSuggestionDetails {
  suggestion: PostalAddress;
  typed: PostalAddress;
  messages: string[];
}

/** The fields of a postal address, as the book keeps them and a ship-to copies them. */
export interface PostalAddress {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postalCode: string;
  country: ShippingCountry;
}

/** One address of the caller's own book (never shown to anyone else in this form). */
export interface Address extends PostalAddress {
  id: number;
  createdAt: string;
  updatedAt: string;
}

/** A trade side's ship-to address: a copy of the book entry taken when it was chosen, so editing the book later does not move a parcel. */
export interface ShipToAddress extends PostalAddress {
  /** ISO time it was chosen. */
  chosenAt: string;
}

/** Why the other side's address is not in a ship-to answer. */
export const SHIP_TO_HIDDEN_REASONS = ['before_acceptance', 'not_chosen', 'window_closed', 'trade_not_accepted', 'via_authentication'] as const;
export type ShipToHiddenReason = (typeof SHIP_TO_HIDDEN_REASONS)[number];

/**
 * GET /api/trades/:id/ship-to. A party sees its own choice always, and the other side's from
 * acceptance until SHIP_TO_VISIBLE_DAYS after the trade ends; an admin who is not a party sees both,
 * only while the trade is disputed. Every answer that holds another member's address is recorded.
 */
export interface TradeShipTo {
  tradeId: number;
  /** The caller's side, or null for an admin reading a dispute. */
  yourSide: 'proposer' | 'receiver' | null;
  /** The caller's own ship-to (null for an admin, or when not chosen yet). */
  mine: ShipToAddress | null;
  /** The other side's ship-to, when the caller may see it (for an admin: the proposer's). */
  counterparty: ShipToAddress | null;
  /** For an admin inside a dispute: the receiver's ship-to; otherwise null. */
  receiver: ShipToAddress | null;
  /** Why `counterparty` is null, or null when it is shown. */
  hiddenReason: ShipToHiddenReason | null;
  /** ISO time after which the other side's address is no longer shown; null while the trade is still open. */
  visibleUntil: string | null;
  /** Whether the caller may choose or change their own ship-to now (PUT /api/trades/:id/ship-to); false for an admin. */
  canChange: boolean;
  /** Both pairs go through the authentication centre: only the centre reads the members' ship-to, when it sends a pair. */
  viaAuthentication: boolean;
}

/** PUT /api/trades/:id/ship-to: the caller picks (or changes) where their side's parcel should go. */
export const ChooseShipToSchema = z
  .object({ addressId: z.coerce.number({ error: 'Choose an address' }).int().positive('Choose an address') })
  .strict();
export type ChooseShipTo = z.infer<typeof ChooseShipToSchema>;

/** The optional ship-to on a proposal, counter-offer or acceptance: an id from the caller's own address book. */
export const shipToAddressIdSchema = z
  .number({ error: 'shipToAddressId is an address id' })
  .int()
  .positive('shipToAddressId is an address id')
  .optional();
