import { z } from 'zod';

/**
 * The only reader of `import.meta.env`. Vite exposes every `VITE_*` variable to
 * the bundle, so we copy an explicit allowlist instead of passing the object on:
 * a secret added to `.env` by mistake never reaches code that could print it.
 */
const WebEnvSchema = z.object({
  MODE: z.string(),
  DEV: z.boolean(),
  PROD: z.boolean(),
  /** Shown in the title bar and marketing copy. */
  VITE_PRODUCT_NAME: z.string().trim().min(1).default('SoleSwap'),
  /** Public contact address on the marketing pages. */
  VITE_CONTACT_EMAIL: z.string().trim().email().default('hello@soleswap.example'),
});

export type WebEnv = z.infer<typeof WebEnvSchema>;

function readEnv(): WebEnv {
  const parsed = WebEnvSchema.safeParse({
    MODE: import.meta.env.MODE,
    DEV: import.meta.env.DEV,
    PROD: import.meta.env.PROD,
    VITE_PRODUCT_NAME: import.meta.env.VITE_PRODUCT_NAME,
    VITE_CONTACT_EMAIL: import.meta.env.VITE_CONTACT_EMAIL,
  });
  if (!parsed.success) {
    const badKeys = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Invalid web environment variables: ${badKeys}`);
  }
  return parsed.data;
}

export const env = readEnv();
