import type { CatalogRelease } from '@soleswap/contracts/catalog';
import { BRANDS, CONDITIONS, DEFAULT_CONDITION, SIZES } from '@soleswap/contracts/sneaker-values';
import type { SneakerPhotoInput } from '@soleswap/contracts/sneaker-photos';
import type { Sneaker } from '@soleswap/contracts/sneakers';

/**
 * What the add and edit form hold. Every control is a string (selects and the
 * number input included); CreateSneakerSchema turns them into the API's values.
 */
export interface SneakerFormValues {
  name: string;
  brand: string;
  model: string;
  colorway: string;
  /** From the box label or tongue tag; optional. */
  styleCode: string;
  size: string;
  condition: string;
  estimatedValue: string;
  description: string;
  imageUrl: string | null;
  /** The legit-check photos besides the cover (`imageUrl`); sent whole, they replace the listing's. */
  photos: SneakerPhotoInput[];
  isAvailableForTrade: boolean;
  catalogReleaseId: number | null;
}

/** The form fields the server may name in an error's `fields`. */
export const SNEAKER_FORM_FIELDS = [
  'name',
  'brand',
  'model',
  'colorway',
  'styleCode',
  'size',
  'condition',
  'estimatedValue',
  'description',
  'imageUrl',
  'photos',
  'isAvailableForTrade',
  'catalogReleaseId',
] as const satisfies ReadonlyArray<keyof SneakerFormValues>;

/** An empty add form: condition 10 and available for trade (defaults: see docs/rules/sneakers.md#adding-and-editing). */
export const EMPTY_SNEAKER_FORM: SneakerFormValues = {
  name: '',
  brand: '',
  model: '',
  colorway: '',
  styleCode: '',
  size: '',
  condition: DEFAULT_CONDITION,
  estimatedValue: '',
  description: '',
  imageUrl: null,
  photos: [],
  isAvailableForTrade: true,
  catalogReleaseId: null,
};

/** The list's spelling of a brand ("nike" → "Nike"); unknown brands become "Other". */
export function canonicalBrand(brand: string): string {
  return BRANDS.find((b) => b.toLowerCase() === brand.trim().toLowerCase()) ?? 'Other';
}

/** The option value matching a numeric string ("10.0" → "10"), so the select shows it. */
function matchNumericChoice(value: string, choices: readonly string[]): string {
  return choices.find((choice) => Number(choice) === Number(value)) ?? value;
}

/** The edit form, prefilled from a sneaker as the API returned it. */
export function sneakerToFormValues(sneaker: Sneaker): SneakerFormValues {
  return {
    name: sneaker.name,
    brand: canonicalBrand(sneaker.brand),
    model: sneaker.model,
    colorway: sneaker.colorway ?? '',
    styleCode: sneaker.styleCode ?? '',
    size: matchNumericChoice(sneaker.size, SIZES),
    condition: matchNumericChoice(
      sneaker.condition,
      CONDITIONS.map((c) => c.value),
    ),
    estimatedValue: sneaker.estimatedValue,
    description: sneaker.description ?? '',
    imageUrl: sneaker.imageUrl,
    photos: (sneaker.photos ?? []).filter((p) => p.slot !== 'cover').map(({ slot, url }) => ({ slot, url })),
    isAvailableForTrade: sneaker.isAvailableForTrade,
    catalogReleaseId: sneaker.catalogReleaseId,
  };
}

/**
 * Fields a catalogue release fills in: name, brand, model, colorway, style code (which
 * verification checks against the catalogue), and the estimate from its market price. Size,
 * condition and photo stay the member's.
 */
export function releaseToFormValues(release: CatalogRelease): Partial<SneakerFormValues> {
  return {
    name: release.name,
    brand: canonicalBrand(release.brand),
    model: release.model,
    colorway: release.colorway,
    styleCode: release.styleCode,
    estimatedValue: release.marketPrice,
    catalogReleaseId: release.id,
  };
}
