import { z } from 'zod';
import type { PostalAddress } from './addresses';
import { CARRIERS, type Carrier } from './carriers';

export { CARRIER_NAMES, CARRIERS, type Carrier } from './carriers';

/**
 * Shipping labels and the carrier's word (docs/rules/shipping.md, issue #43): the vocabulary the
 * server's shipping module, its providers (sandbox, EasyPost) and the web share.
 */

/** The carriers a label may be bought from: the ones a typed number may name (tracking-numbers.ts). */
export const CarrierSchema = z.enum(CARRIERS);

/**
 * The boxes a sneaker parcel comes in. Weights in ounces, dimensions in inches, as US carriers and
 * EasyPost's Parcel take them; "no box" means the pair travels without its original shoe box.
 */
export const PARCEL_PRESETS = ['one-pair', 'two-pairs', 'one-pair-no-box', 'two-pairs-no-box'] as const;
export type ParcelPreset = (typeof PARCEL_PRESETS)[number];
export const ParcelPresetSchema = z.enum(PARCEL_PRESETS, { error: `preset is one of ${PARCEL_PRESETS.join(', ')}` });

export interface ParcelDimensions {
  /** Shown on the choice. */
  label: string;
  weightOz: number;
  lengthIn: number;
  widthIn: number;
  heightIn: number;
}

export const PARCEL_PRESET_DIMENSIONS: Record<ParcelPreset, ParcelDimensions> = {
  'one-pair': { label: 'One pair in its box', weightOz: 56, lengthIn: 15, widthIn: 11, heightIn: 6 },
  'two-pairs': { label: 'Two pairs in their boxes', weightOz: 112, lengthIn: 16, widthIn: 12, heightIn: 11 },
  'one-pair-no-box': { label: 'One pair without its box', weightOz: 40, lengthIn: 13, widthIn: 9, heightIn: 5 },
  'two-pairs-no-box': { label: 'Two pairs without their boxes', weightOz: 80, lengthIn: 14, widthIn: 11, heightIn: 8 },
};

/**
 * A parcel's status as the carrier reports it (EasyPost's tracker statuses, narrowed). The first
 * scan (anything past pre_transit) marks a leg shipped; delivered opens the receive window;
 * return_to_sender and failure become the trade's events.
 */
export const CARRIER_STATUSES = ['pre_transit', 'in_transit', 'out_for_delivery', 'delivered', 'return_to_sender', 'failure', 'unknown'] as const;
export type CarrierStatus = (typeof CARRIER_STATUSES)[number];
export const CarrierStatusSchema = z.enum(CARRIER_STATUSES, { error: `status is one of ${CARRIER_STATUSES.join(', ')}` });

/** Statuses after which the carrier says nothing more that moves a leg: polling stops. */
export const FINAL_CARRIER_STATUSES: readonly CarrierStatus[] = ['delivered', 'return_to_sender', 'failure'];

/** What members read for each status. */
export const CARRIER_STATUS_NAMES: Record<CarrierStatus, string> = {
  pre_transit: 'Label created',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  return_to_sender: 'Returned to sender',
  failure: 'Delivery failed',
  unknown: 'Unknown',
};

/** The providers a label is bought through (SHIPPING_PROVIDER). */
export const SHIPPING_PROVIDERS = ['sandbox', 'easypost'] as const;
export type ShippingProviderName = (typeof SHIPPING_PROVIDERS)[number];

/** Who pays for a label (SHIPPING_LABEL_PAYER): the platform (no charge) or the sender. */
export const LABEL_PAYERS = ['platform', 'sender'] as const;
export type LabelPayer = (typeof LABEL_PAYERS)[number];

/** The routes a label is bought on: a trade side, a loop leg, the centre's forward or return parcel, a return after a ruling (db ParcelRoute). */
export const LABEL_ROUTES = ['trade', 'loop', 'centre', 'return'] as const;
export type LabelRoute = (typeof LABEL_ROUTES)[number];

/** One carrier event on a label's timeline. */
export interface CarrierEvent {
  status: CarrierStatus;
  message: string;
  location: string | null;
  /** ISO time the carrier says it happened. */
  occurredAt: string;
}

/** A bought label, as the parties of its leg see it. */
export interface ShippingLabel {
  id: number;
  route: LabelRoute;
  /** The route's key for the leg: `<trade id>:<side>`, a loop leg's id, an inspection's id. */
  legKey: string;
  carrier: Carrier;
  /** The carrier's service level, e.g. "Priority". */
  service: string;
  trackingNumber: string;
  status: CarrierStatus;
  rateCents: number;
  payer: LabelPayer;
  createdAt: string;
  /** ISO time of the first carrier scan; null before. */
  firstScanAt: string | null;
  deliveredAt: string | null;
  /** Where the label PDF is printed from (with the packing slip). */
  labelUrl: string;
  /** The carrier delivered (or is delivering) to a postal code other than the leg's ship-to: shown to both sides as a warning. */
  destinationMismatch: boolean;
  /** Oldest first. */
  events: CarrierEvent[];
}

/** GET /api/trades/:id/shipping: both legs of a trade, the caller's first. */
export interface TradeShipping {
  tradeId: number;
  legs: Array<{
    side: 'proposer' | 'receiver';
    /** The caller sends this leg. */
    isMine: boolean;
    /** The other side's ship-to is chosen, so this leg's label may be bought. */
    canBuyLabel: boolean;
    label: ShippingLabel | null;
  }>;
}

/** GET /api/shipping/config: what the label buttons need before a member buys. */
export interface ShippingConfig {
  provider: ShippingProviderName;
  labelPayer: LabelPayer;
  /** A member may still type a number of their own carrier (SHIPPING_MANUAL_NUMBERS). */
  manualNumbers: boolean;
  /** The sandbox's development control (moving a parcel through the carrier's statuses) is on. */
  developmentControl: boolean;
  presets: Array<
    { preset: ParcelPreset } & ParcelDimensions & {
        /**
         * What a label in this box costs the sender when SHIPPING_LABEL_PAYER=sender, shown before buying
         * ("$X from your wallet"): the sandbox's flat price; null (or absent) where the provider prices each
         * parcel only at purchase (EasyPost), when the panel says the price is taken at purchase.
         */
        estimateCents?: number | null;
      }
  >;
}

/** POST /api/trades/:id/label (and the loop and centre label routes): the box, and how the sender pays when the sender pays. */
export const BuyLabelSchema = z
  .object({
    preset: ParcelPresetSchema,
    carrier: CarrierSchema.optional(),
    /** Only when SHIPPING_LABEL_PAYER=sender: the label's price is taken from the sender's wallet. */
    payWith: z.literal('wallet', { error: "payWith is 'wallet'" }).optional(),
  })
  .strict();
export type BuyLabel = z.infer<typeof BuyLabelSchema>;

/** POST /api/shipping/sandbox/parcels/:trackingNumber/advance: the development control. */
export const AdvanceSandboxParcelSchema = z.object({ status: CarrierStatusSchema }).strict();
export type AdvanceSandboxParcel = z.infer<typeof AdvanceSandboxParcelSchema>;

/** The provider's answer on an address a member typed. */
export const ADDRESS_VERIFICATION_STATUSES = ['verified', 'suggested', 'undeliverable'] as const;
export type AddressVerificationStatus = (typeof ADDRESS_VERIFICATION_STATUSES)[number];

export interface AddressVerification {
  status: AddressVerificationStatus;
  /** The provider's corrected form when status is 'suggested', shown beside what was typed. */
  suggestion: PostalAddress | null;
  /** The provider's words (why undeliverable, what was corrected). */
  messages: string[];
}

/** Whether a status means the carrier has the parcel (the leg is shipped). */
export function isScanned(status: CarrierStatus): boolean {
  return status !== 'pre_transit' && status !== 'unknown';
}

export function isCarrier(value: string): value is Carrier {
  return (CARRIERS as readonly string[]).includes(value);
}
