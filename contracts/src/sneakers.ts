import { z } from 'zod';
import { cursorSchema, emptyToUndefined, pageLimitSchema, queryObject, searchTextSchema } from './list-query';
import { moneySchema } from './money';
import { shownNameCheck } from './names';
import { coverOf, sneakerPhotosSchema, type SneakerPhoto } from './sneaker-photos';
import { parseSize, SIZE_FORMAT_MESSAGE, type SizeQuery } from './sneaker-sizes';
import { isImageDataUrl, isUploadUrl, UNSUPPORTED_IMAGE_MESSAGE } from './uploads';
import type { User } from './users';
import type { Verdict, VerificationCheckResult } from './verification';
import {
  ALL_BRANDS,
  BRANDS,
  CONDITIONS,
  MAX_ESTIMATED_VALUE,
  SIZES,
  SNEAKER_COLORWAY_MAX,
  SNEAKER_DESCRIPTION_MAX,
  SNEAKER_IDS_MAX,
  SNEAKER_MODEL_MAX,
  SNEAKER_NAME_MAX,
  SNEAKER_PAGE_DEFAULT,
  SNEAKER_PAGE_MAX,
  STYLE_CODE_MAX,
  type Brand,
} from './sneaker-values';

/** The plain values (brands, sizes, conditions, limits) live in sneaker-values.ts. */
export * from './sneaker-values';

const REQUIRED = {
  name: 'Sneaker name is required',
  brand: 'Brand is required',
  model: 'Model is required',
  size: 'Size is required',
  condition: 'Condition is required',
  estimatedValue: 'Estimated value is required',
} as const;

/** Matches one of `choices` ignoring case and surrounding spaces, and answers the canonical spelling. */
function choiceSchema<T extends string>(choices: readonly T[], requiredMessage: string, invalidMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .transform((value, ctx) => {
      const match = choices.find((c) => c.toLowerCase() === value.toLowerCase());
      if (!match) {
        ctx.addIssue({ code: 'custom', message: invalidMessage });
        return z.NEVER;
      }
      return match;
    });
}

/** A number-like choice ("9.5", 9.5, "9.50"), answered as the canonical string of the list. */
function numericChoiceSchema<T extends string>(choices: readonly T[], requiredMessage: string, invalidMessage: string) {
  return z.union([z.string(), z.number()], { error: requiredMessage }).transform((value, ctx) => {
    const text = String(value).trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: requiredMessage });
      return z.NEVER;
    }
    const match = /^\d+(\.\d+)?$/.test(text) ? choices.find((c) => Number(c) === Number(text)) : undefined;
    if (!match) {
      ctx.addIssue({ code: 'custom', message: invalidMessage });
      return z.NEVER;
    }
    return match;
  });
}

const CONDITION_VALUES = CONDITIONS.map((c) => c.value);

export const brandSchema = choiceSchema(BRANDS, REQUIRED.brand, 'Choose a brand from the list');
export const sizeSchema = numericChoiceSchema(SIZES, REQUIRED.size, 'Choose a US size from 4 to 18');
export const conditionSchema = numericChoiceSchema(CONDITION_VALUES, REQUIRED.condition, 'Choose a condition from 5 to 10');

const requiredText = (max: number, requiredMessage: string, label: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { message: requiredMessage, abort: true })
    .max(max, `${label} must be at most ${max} characters`);

/** Optional text: blank becomes null, so "clear the colorway" is just an empty field. */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .transform((v) => (v ? v : null));

/** Where an uploaded image may come from: our upload endpoint, a data URL, or a catalogue artwork. */
const ARTWORK_URL = /^\/api\/catalog\/\d{1,9}\/artwork\.svg(\?v=[a-z0-9]{1,32})?$/;

/**
 * `imageUrl` accepts what the upload endpoint returned (`/uploads/...`), a `data:image/...;base64,`
 * URL (older clients' form, docs/rules/uploads.md, decoded and run through the same pipeline by the server), or a catalogue
 * release's artwork URL. Blank or null means no image.
 */
export const imageUrlSchema = z
  .string()
  .trim()
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isUploadUrl(v) || ARTWORK_URL.test(v) || isImageDataUrl(v), UNSUPPORTED_IMAGE_MESSAGE);

/** True for a catalogue artwork URL (`/api/catalog/:id/artwork.svg`). */
export function isArtworkUrl(value: string): boolean {
  return ARTWORK_URL.test(value);
}

const catalogReleaseIdSchema = z
  .number({ error: 'Choose a release from the catalogue' })
  .int('Choose a release from the catalogue')
  .positive('Choose a release from the catalogue')
  // An int4 (serial) column: a larger number is no release, and must not reach the database.
  .max(2_147_483_647, 'Choose a release from the catalogue');

/** The earliest purchase date a sneaker may carry. */
export const PURCHASE_DATE_MIN = '1970-01-01';
export const PURCHASE_DATE_RANGE_MESSAGE = 'Purchase date must be between 1970 and today';

/** The latest purchase date a sneaker may carry: tomorrow in UTC, so "today" anywhere on Earth passes. */
export function latestPurchaseDate(now = new Date()): string {
  return new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Every field a member may set. Verification fields (isVerified, scores, market data) never come from clients. */
const editableFields = {
  name: requiredText(SNEAKER_NAME_MAX, REQUIRED.name, 'Sneaker name').superRefine(shownNameCheck('Sneaker name')),
  brand: brandSchema,
  model: requiredText(SNEAKER_MODEL_MAX, REQUIRED.model, 'Model').superRefine(shownNameCheck('Model')),
  colorway: optionalText(SNEAKER_COLORWAY_MAX, 'Colorway').superRefine(shownNameCheck('Colorway')),
  /** The code on the box label or tongue tag (e.g. DZ5485-612); verification checks its format. */
  styleCode: optionalText(STYLE_CODE_MAX, 'Style code'),
  size: sizeSchema,
  condition: conditionSchema,
  estimatedValue: moneySchema('Estimated value', REQUIRED.estimatedValue, MAX_ESTIMATED_VALUE),
  description: optionalText(SNEAKER_DESCRIPTION_MAX, 'Description'),
  imageUrl: imageUrlSchema,
  /** The legit-check photos (sneaker-photos.ts); a `cover` entry is the same as `imageUrl`. */
  photos: sneakerPhotosSchema,
  isAvailableForTrade: z.boolean({ error: 'Choose whether the sneaker is available for trade' }),
  /** Links a catalogue release; its market price and range are copied onto the sneaker. */
  catalogReleaseId: catalogReleaseIdSchema.nullable(),
  purchasePrice: moneySchema('Purchase price', 'Purchase price must be an amount', MAX_ESTIMATED_VALUE).nullable(),
  purchaseDate: z.iso
    .date('Purchase date must be a date like 2024-05-31')
    // Year 1 or 2999 is a slip of the keyboard, not a purchase; one day ahead allows for time zones.
    .refine((v) => v >= PURCHASE_DATE_MIN && v <= latestPurchaseDate(), PURCHASE_DATE_RANGE_MESSAGE)
    .nullable(),
};

/** A `cover` photo is the listing's image: sent with a different `imageUrl`, the request says two things. */
function coverAgreesWithImage(input: { imageUrl?: string | null; photos?: { slot: string; url: string }[] }, ctx: z.RefinementCtx) {
  const cover = input.photos ? coverOf(input.photos as Parameters<typeof coverOf>[0]) : undefined;
  if (cover !== undefined && input.imageUrl !== undefined && input.imageUrl !== cover) {
    ctx.addIssue({ code: 'custom', path: ['imageUrl'], message: 'The cover photo is the image: send one or make them the same' });
  }
}

/**
 * POST /api/sneakers. Older clients' payloads also carry `isVerified` (docs/rules/sneakers.md): it is ignored (stripped),
 * because only verification may set it.
 */
export const CreateSneakerSchema = z
  .object({
    name: editableFields.name,
    brand: editableFields.brand,
    model: editableFields.model,
    colorway: editableFields.colorway.optional(),
    styleCode: editableFields.styleCode.optional(),
    size: editableFields.size,
    condition: editableFields.condition,
    estimatedValue: editableFields.estimatedValue,
    description: editableFields.description.optional(),
    imageUrl: editableFields.imageUrl.optional(),
    photos: editableFields.photos.optional(),
    isAvailableForTrade: editableFields.isAvailableForTrade.default(true),
    catalogReleaseId: editableFields.catalogReleaseId.optional(),
    purchasePrice: editableFields.purchasePrice.optional(),
    purchaseDate: editableFields.purchaseDate.optional(),
  })
  .superRefine(coverAgreesWithImage);
export type CreateSneakerInput = z.input<typeof CreateSneakerSchema>;
export type CreateSneaker = z.output<typeof CreateSneakerSchema>;

/**
 * PUT /api/sneakers/:id: any subset of the editable fields, at least one (docs/rules/sneakers.md). The
 * hide/show toggle is `{ isAvailableForTrade }`; a full edit sends the dialog's fields.
 */
export const UpdateSneakerSchema = z
  .object({
    name: editableFields.name.optional(),
    brand: editableFields.brand.optional(),
    model: editableFields.model.optional(),
    colorway: editableFields.colorway.optional(),
    styleCode: editableFields.styleCode.optional(),
    size: editableFields.size.optional(),
    condition: editableFields.condition.optional(),
    estimatedValue: editableFields.estimatedValue.optional(),
    description: editableFields.description.optional(),
    imageUrl: editableFields.imageUrl.optional(),
    photos: editableFields.photos.optional(),
    isAvailableForTrade: editableFields.isAvailableForTrade.optional(),
    catalogReleaseId: editableFields.catalogReleaseId.optional(),
    purchasePrice: editableFields.purchasePrice.optional(),
    purchaseDate: editableFields.purchaseDate.optional(),
  })
  .refine((changes) => Object.values(changes).some((v) => v !== undefined), 'Nothing to update')
  .superRefine(coverAgreesWithImage);
export type UpdateSneakerInput = z.input<typeof UpdateSneakerSchema>;
export type UpdateSneaker = z.output<typeof UpdateSneakerSchema>;

/** Fields that say what the sneaker is: changing one (or the photo) drops an earlier verification. */
export const IDENTIFYING_FIELDS = ['name', 'brand', 'model', 'colorway', 'styleCode', 'size'] as const;

/**
 * What a member may do with a sneaker right now, as the API's `allowedActions`. Only the owner
 * gets any; while escrow holds the sneaker it gets none, since the counterparty must receive
 * exactly the pair they accepted.
 */
export const SNEAKER_ACTIONS = ['edit', 'hide', 'show', 'delete', 'verify'] as const;
export type SneakerAction = (typeof SNEAKER_ACTIONS)[number];
export const SneakerActionSchema = z.enum(SNEAKER_ACTIONS);

export const SNEAKER_SORTS = ['relevance', 'newest', 'value_desc', 'value_asc'] as const;
export type SneakerSort = (typeof SNEAKER_SORTS)[number];

/** A brand filter: one of BRANDS in any case, or `all` (the "All Brands" choice of docs/web-client.md, sent as is) for none. */
export const brandFilterSchema = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .trim()
    .transform((value, ctx): Brand | undefined => {
      if (value.toLowerCase() === ALL_BRANDS) return undefined;
      const match = BRANDS.find((b) => b.toLowerCase() === value.toLowerCase());
      if (!match) {
        ctx.addIssue({ code: 'custom', message: 'Choose a brand from the list' });
        return z.NEVER;
      }
      return match;
    })
    .optional(),
);

/** A size as a member writes it ("US 10", "W 11.5", "UK 9", "EU 44", "28cm"), read by parseSize into its system and number. */
export const sizeTextSchema = z
  .string({ error: SIZE_FORMAT_MESSAGE })
  .max(24, SIZE_FORMAT_MESSAGE)
  .transform((text, ctx): SizeQuery => {
    const size = parseSize(text);
    if ('error' in size) {
      ctx.addIssue({ code: 'custom', message: size.error });
      return z.NEVER;
    }
    return size;
  });

/** A size filter: the text parseSize reads, as the system and number it names. */
export const sizeFilterSchema = z.preprocess(emptyToUndefined, sizeTextSchema.optional());

/**
 * Query of `GET /api/sneakers`, `/api/sneakers/public` and `/api/sneakers/user/:userId`.
 * `brand=all` (the "All Brands" choice of docs/web-client.md) means no brand filter. `condition` is a minimum.
 * `sort` defaults to relevance when `q` is given, else newest. The answer is an array; the
 * next page's cursor comes in the `X-Next-Cursor` header.
 */
export const SneakerListQuerySchema = queryObject({
  q: searchTextSchema,
  brand: brandFilterSchema,
  /** A size in any system, converted per brand (sneaker-sizes.ts): `US 10`, `W 11.5`, `UK 9`, `EU 44`, `28cm`; a plain number is US men's. */
  size: sizeFilterSchema,
  /** Minimum condition, e.g. 9 for "9 and better". */
  condition: z.preprocess(emptyToUndefined, conditionSchema.optional()),
  sort: z.preprocess(emptyToUndefined, z.enum(SNEAKER_SORTS, { error: 'Sort by relevance, newest, value_desc or value_asc' }).optional()),
  limit: pageLimitSchema(SNEAKER_PAGE_MAX, SNEAKER_PAGE_DEFAULT),
  cursor: cursorSchema(512),
  /** "1,2,3": only these sneakers (the sneakers of a trade). */
  ids: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((value, ctx) => {
        const parts = value
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean);
        if (parts.length > SNEAKER_IDS_MAX || parts.some((p) => !/^\d{1,9}$/.test(p) || Number(p) === 0)) {
          ctx.addIssue({ code: 'custom', message: `ids must be up to ${SNEAKER_IDS_MAX} sneaker ids separated by commas` });
          return z.NEVER;
        }
        return [...new Set(parts.map(Number))];
      })
      .optional(),
  ),
});
export type SneakerListQuery = z.output<typeof SneakerListQuerySchema>;

/** The owner as a sneaker card shows them. */
export type SneakerOwner = Pick<User, 'id' | 'username' | 'firstName' | 'profileImageUrl'>;

/**
 * A sneaker as the API returns it: every field of docs/rules/sneakers.md#a-sneaker. Numeric fields are decimal strings
 * ("9.5", "250.00"), dates ISO strings.
 */
export interface Sneaker {
  id: number;
  /** Owner. */
  userId: string;
  catalogReleaseId: number | null;
  name: string;
  brand: string;
  model: string;
  colorway: string | null;
  /** The member's style code (box label), or null. */
  styleCode: string | null;
  size: string;
  /** "5.0" to "10.0". */
  condition: string;
  estimatedValue: string;
  /** `/uploads/...webp`, a catalogue artwork URL, or null. */
  imageUrl: string | null;
  /** 400 px version of the image for cards; null without an image. */
  thumbnailUrl: string | null;
  /**
   * The legit-check photos, cover (the image) first, then side, toe box, heel, size tag, insole,
   * box label and extras. Only the one-sneaker answers carry it (GET /api/sneakers/:id, create, edit).
   */
  photos?: SneakerPhoto[];
  /** The photo a reviewer reads the style code and size from, or null; with `photos` only. */
  sizeTagPhoto?: SneakerPhoto | null;
  isVerified: boolean;
  isAvailableForTrade: boolean;
  /** Locked in an accepted trade: nothing about it may change until the trade ends. */
  isLocked: boolean;
  /** What the caller may do with it now, computed by the rule the server enforces; empty for non-owners. */
  allowedActions: SneakerAction[];
  description: string | null;
  purchasePrice: string | null;
  /** YYYY-MM-DD */
  purchaseDate: string | null;
  /** "0.00" to "1.00". */
  verificationScore: string | null;
  /** stockx, goat, internal, or another platform. */
  verificationSource: string | null;
  marketPrice: string | null;
  priceRangeLow: string | null;
  priceRangeHigh: string | null;
  stockxProductId: string | null;
  goatProductId: string | null;
  lastVerificationDate: string | null;
  verificationDetails: Record<string, unknown> | null;
  /** Every check of the last verification with its evidence; null when never verified or dropped. */
  verificationChecks: VerificationCheckResult[] | null;
  /** What verification says about the pair now: the one field cards read (verification-values.ts verdictOf). */
  verdict: Verdict;
  createdAt: string;
  updatedAt: string;
  owner: SneakerOwner;
}
