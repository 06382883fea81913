/**
 * The sneaker module's plain values (no schema library): the web's first pages import these
 * directly, and sneakers.ts re-exports them for everyone else.
 */

/** Brand choices of the add and edit dialogs (see docs/rules/sneakers.md#adding-and-editing). */
export const BRANDS = ['Nike', 'Adidas', 'Jordan', 'Yeezy', 'New Balance', 'Converse', 'Vans', 'Puma', 'Reebok', 'ASICS', 'Other'] as const;
export type Brand = (typeof BRANDS)[number];

/** The brand filter of browse and My Locker (see docs/web-client.md#timings-and-counts), after "All Brands". */
export const FILTER_BRANDS = ['Nike', 'Adidas', 'Jordan', 'Yeezy', 'New Balance', 'Converse', 'Vans'] as const satisfies readonly Brand[];

/** The brand filter of the sneaker library (see docs/web-client.md#timings-and-counts), after "All Brands". */
export const LIBRARY_BRANDS = ['Nike', 'Jordan', 'Adidas', 'New Balance', 'ASICS', 'Vans', 'Converse', 'Puma'] as const satisfies readonly Brand[];

/** The value a brand filter sends for "All Brands" (sent as is; see docs/rules/sneakers.md#lists-search-and-pages). */
export const ALL_BRANDS = 'all';

/** US sizes 4 to 15 in half steps, then 16, 17, 18 (see docs/rules/sneakers.md#adding-and-editing). */
export const SIZES = [...Array.from({ length: 23 }, (_, i) => String(4 + i / 2)), '16', '17', '18'] as readonly string[];

/** Condition choices out of 10, best first (see docs/rules/sneakers.md#adding-and-editing). `value` is what the API accepts. */
export const CONDITIONS = [
  { value: '10', label: 'Deadstock, Brand New' },
  { value: '9.5', label: 'Tried On' },
  { value: '9', label: 'Excellent' },
  { value: '8.5', label: 'Very Good+' },
  { value: '8', label: 'Very Good' },
  { value: '7.5', label: 'Good+' },
  { value: '7', label: 'Good' },
  { value: '6.5', label: 'Fair+' },
  { value: '6', label: 'Fair' },
  { value: '5', label: 'Poor' },
] as const;
export type ConditionValue = (typeof CONDITIONS)[number]['value'];

/** The add dialog's default condition (see docs/rules/sneakers.md#adding-and-editing). */
export const DEFAULT_CONDITION: ConditionValue = '10';

export const SNEAKER_NAME_MAX = 120;
export const SNEAKER_MODEL_MAX = 80;
export const SNEAKER_COLORWAY_MAX = 120;
export const SNEAKER_DESCRIPTION_MAX = 2000;
export const STYLE_CODE_MAX = 32;
/** Dollars; anything above is a typo, not a sneaker. */
export const MAX_ESTIMATED_VALUE = 1_000_000;
export const SNEAKER_PAGE_DEFAULT = 24;
export const SNEAKER_PAGE_MAX = 100;
/** How many ids `GET /api/sneakers?ids=` takes at once. */
export const SNEAKER_IDS_MAX = 100;

export const SNEAKER_LOCKED_MESSAGE = 'This sneaker is locked in an accepted trade and cannot be changed until the trade ends';
