/**
 * How each brand writes its style codes (box label and tongue tag), learned from the catalogue
 * and the brands' own listings. A code outside its brand's shapes is made up or misread.
 */
export interface StyleCodeFormat {
  pattern: RegExp;
  /** How the dialog describes it. */
  description: string;
}

const NIKE: StyleCodeFormat = {
  // DZ5485-612 since about 2018; older and retro models use six digits (555088-134).
  pattern: /^([A-Z]{2}\d{4}|\d{6})-\d{3}$/,
  description: 'two letters and four digits, or six digits, then a dash and three digits (like DZ5485-612)',
};

const ADIDAS: StyleCodeFormat = {
  // IF1234, and the older one letter and five digits (B75806, M20324).
  pattern: /^([A-Z]{2}\d{4}|[A-Z]\d{5})$/,
  description: 'two letters and four digits, or one letter and five digits (like IF1234)',
};

export const STYLE_CODE_FORMATS: Record<string, StyleCodeFormat> = {
  nike: NIKE,
  jordan: NIKE,
  adidas: ADIDAS,
  yeezy: ADIDAS,
  'new balance': {
    // Line letters, model number, colour/width suffix: U9060BLK, M990GL6, BB550WT1, M2002RDA.
    pattern: /^[A-Z]{1,3}\d{3,4}[A-Z][A-Z0-9]{1,3}$/,
    description: 'letters, a model number and a colour suffix (like U9060BLK)',
  },
  asics: { pattern: /^1\d{3}[AB]\d{3}-\d{3}$/, description: 'like 1201A019-102' },
  converse: { pattern: /^(A\d{5}|\d{6})C$/, description: 'six digits or A and five digits, ending in C (like 162050C)' },
  vans: { pattern: /^VN0[A-Z0-9]{5,8}$/, description: 'VN0 followed by letters and digits (like VN0009QC6BT)' },
  puma: { pattern: /^\d{6}-\d{2}$/, description: 'six digits, a dash and two digits (like 398846-02)' },
  reebok: { pattern: /^([A-Z]{2}\d{4}|[A-Z]\d{5}|1\d{8})$/, description: 'two letters and four digits (like DV6434)' },
};

/** Brands without a known shape (Salomon and others): letters and digits with at least one digit. */
export const GENERIC_STYLE_CODE: StyleCodeFormat = {
  pattern: /^(?=.*\d)[A-Z0-9][A-Z0-9-]{4,15}$/,
  description: 'five to sixteen letters and digits',
};

/** Upper case without spaces, so "dz5485 612" and "DZ5485-612" compare equal after formatting. */
export function normalizeStyleCode(code: string): string {
  return code.trim().toUpperCase().replace(/\s+/g, '-');
}

export function styleCodeFormat(brand: string): StyleCodeFormat {
  return STYLE_CODE_FORMATS[brand.trim().toLowerCase()] ?? GENERIC_STYLE_CODE;
}
