/**
 * The only reader of `import.meta.env`. Vite exposes every `VITE_*` variable to
 * the bundle, so we copy an explicit allowlist instead of passing the object on:
 * a secret added to `.env` by mistake never reaches code that could print it.
 *
 * Checked with plain code rather than a schema library: this module is in the
 * first script every page loads, and a validation library would ride along.
 */
export interface WebEnv {
  MODE: string;
  DEV: boolean;
  PROD: boolean;
  /** Shown in the title bar and marketing copy. */
  VITE_PRODUCT_NAME: string;
  /** Public contact address on the marketing pages. */
  VITE_CONTACT_EMAIL: string;
}

/** What Vite hands the client: every value a string or boolean, unset variables missing. */
export type RawWebEnv = Partial<Record<keyof WebEnv, unknown>>;

const DEFAULTS = { VITE_PRODUCT_NAME: 'SoleSwap', VITE_CONTACT_EMAIL: 'hello@soleswap.example' } as const;
/** One @, no spaces, a dot in the domain: enough to catch a typo in a build setting. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Unset means the default; a set value is trimmed and must not be empty. */
function text(raw: unknown, fallback: string): string | undefined {
  if (raw === undefined) return fallback;
  if (typeof raw !== 'string') return undefined;
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** The allowlisted variables, or an error naming every bad one. */
export function readEnv(raw: RawWebEnv): WebEnv {
  const productName = text(raw.VITE_PRODUCT_NAME, DEFAULTS.VITE_PRODUCT_NAME);
  const contactEmail = text(raw.VITE_CONTACT_EMAIL, DEFAULTS.VITE_CONTACT_EMAIL);
  const bad = [
    typeof raw.MODE === 'string' ? null : 'MODE',
    typeof raw.DEV === 'boolean' ? null : 'DEV',
    typeof raw.PROD === 'boolean' ? null : 'PROD',
    productName === undefined ? 'VITE_PRODUCT_NAME' : null,
    contactEmail !== undefined && EMAIL.test(contactEmail) ? null : 'VITE_CONTACT_EMAIL',
  ].filter((key) => key !== null);
  if (bad.length > 0) throw new Error(`Invalid web environment variables: ${bad.join(', ')}`);
  return {
    MODE: raw.MODE as string,
    DEV: raw.DEV as boolean,
    PROD: raw.PROD as boolean,
    VITE_PRODUCT_NAME: productName as string,
    VITE_CONTACT_EMAIL: contactEmail as string,
  };
}

export const env = readEnv({
  MODE: import.meta.env.MODE,
  DEV: import.meta.env.DEV,
  PROD: import.meta.env.PROD,
  VITE_PRODUCT_NAME: import.meta.env.VITE_PRODUCT_NAME,
  VITE_CONTACT_EMAIL: import.meta.env.VITE_CONTACT_EMAIL,
});
