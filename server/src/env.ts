import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { LAUNCH_STATES } from '@soleswap/contracts/early-signups';
import { REPO_DIR } from './server-paths';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/** Every environment variable the server reads. README "Configuration" documents each one. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  /** Public origin the browser uses, e.g. https://soleswap.example. Defaults to http://localhost:PORT. */
  APP_ORIGIN: z.string().url().optional(),
  /** Extra origins allowed for state-changing requests (comma-separated). */
  APP_ORIGINS: list.default([]),
  /** Defaults to data/ at the repository root, whatever the working directory. */
  DATA_DIR: z.string().default(path.join(REPO_DIR, 'data')),
  DATABASE_URL: z.string().url().optional(),
  /** Redis for the rate-limit counters, e.g. redis://127.0.0.1:6379; without it they live in the database. */
  REDIS_URL: z
    .string()
    .url()
    .refine((v) => /^rediss?:\/\//.test(v), 'REDIS_URL must start with redis:// or rediss://')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  OIDC_ISSUER_URL: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  ADMIN_EMAILS: list.default([]),
  /** SMTP server for the embedded provider's confirmation mail, e.g. smtps://user:pass@mail.example:465. */
  SMTP_URL: z
    .string()
    .url()
    .refine((v) => /^smtps?:\/\//.test(v), 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  /** Sender of that mail; defaults to SoleSwap <no-reply@APP_ORIGIN's host name>. */
  SMTP_FROM: z.string().min(3).max(254).optional(),
  ENABLE_DEV_LOGIN: flag.default(false),
  SEED_DEMO: flag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.default(false),
  /** Stripe keys: with both set, Stripe takes the membership payments instead of the built-in sandbox. */
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'STRIPE_SECRET_KEY must start with sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'STRIPE_PUBLISHABLE_KEY must start with pk_').optional(),
  /** Signs Stripe's webhook deliveries (whsec_...); without it /api/stripe/webhook refuses every delivery. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /**
   * The signing secret of a Connect webhook endpoint at the same URL, when the members' connected
   * accounts' `account.updated` events are sent through one (Stripe signs those with its own secret).
   */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The one membership price, in cents, shown on every page. */
  MEMBERSHIP_PRICE_CENTS: z.coerce
    .number()
    .int()
    .min(50, 'MEMBERSHIP_PRICE_CENTS must be at least 50 (Stripe’s minimum charge)')
    .max(1_000_000)
    .default(100),
  MEMBERSHIP_INTERVAL: z.enum(['month', 'year']).default('month'),
  /**
   * A trade whose larger side is worth more than this (cents) needs a recent second factor from a member who has one (issue #32).
   * Compares stepUpValueCents: each side's pairs by the one valuation (contracts/src/pair-value.ts; each pair at its highest
   * value of the last 10 minutes, a lowered estimate or condition counting at its old value) plus the cash it adds.
   */
  STEP_UP_TRADE_VALUE_CENTS: z.coerce.number().int().min(0).max(1_000_000_000).default(20000),
  /**
   * The authentication centre's postal address, its lines separated by `|` (docs/rules/inspection.md).
   * Unset: trades cannot go via authentication.
   */
  AUTHENTICATION_CENTRE_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .transform((v) =>
      v
        .split('|')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .optional(),
  /**
   * A trade whose larger side is worth more than this (cents) goes via authentication whatever the members chose; unset: never required.
   * Compares tradeValueCents of contracts/src/pair-value.ts: each side's pairs by the one valuation, cash not counted.
   */
  AUTHENTICATION_REQUIRED_ABOVE_CENTS: z.coerce.number().int().min(0).max(1_000_000_000).optional(),
  /** Days a parcel is allowed to travel: its delivery is due this long after it is marked shipped (docs/rules/trades.md#deadlines). */
  SHIPPING_TRANSIT_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  /** Days a member has to confirm receipt once delivery is due; past them the system confirms it, unless a dispute is open. */
  AUTO_RECEIVE_AFTER_DAYS: z.coerce.number().int().min(1).max(60).default(3),
  /**
   * Protection holds (docs/rules/money.md#protection-holds): a member with fewer completed trades than
   * this owes a hold on their card for the pairs they send; 0 turns holds off. Unset: 3, except under
   * NODE_ENV=test, where tests that want holds turn them on.
   */
  PROTECTION_HOLD_COMPLETED_TRADES: z.coerce.number().int().min(0).max(1000).optional(),
  /** A hold is owed only when the pairs a member sends are worth more than this, in cents: their value by the one valuation (contracts/src/pair-value.ts). */
  PROTECTION_HOLD_MIN_VALUE_CENTS: z.coerce.number().int().min(0).max(1_000_000_000).default(20000),
  /**
   * Shipping labels and trackers (docs/rules/shipping.md): `sandbox` (the default: no keys, labels as
   * real PDFs, a development control moving parcels) or `easypost` (needs EASYPOST_API_KEY and
   * EASYPOST_WEBHOOK_SECRET).
   */
  SHIPPING_PROVIDER: z.enum(['sandbox', 'easypost']).default('sandbox'),
  /** EasyPost's API key (EZTK... test, EZAK... production). */
  EASYPOST_API_KEY: z.string().min(1).optional(),
  /** The secret EasyPost signs webhook deliveries with (its webhook's `webhook_secret`). */
  EASYPOST_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Where EasyPost's API is reached; tests point it at the stand-in server. Unset: EasyPost's own. */
  EASYPOST_API_BASE: z.string().url().optional(),
  /**
   * Who pays for a label: `platform`, the only value this server takes (no charge to the member). A
   * sender-paid label needs the sender's payment, which is not built, so `sender` is refused at start
   * rather than offered to members and refused at purchase.
   */
  SHIPPING_LABEL_PAYER: z.enum(['platform']).default('platform'),
  /** A member may still type a tracking number of their own carrier instead of buying a label (it gets a tracker). Unset: off, except under NODE_ENV=test. */
  SHIPPING_MANUAL_NUMBERS: flag.optional(),
  /**
   * Days after the carrier's delivery scan before receipt is confirmed automatically, unless a dispute is open.
   * A fraction is allowed: the browser tests (e2e/serve.mjs) set 0.001 (86 s) to watch a receive window close.
   */
  AUTO_RECEIVE_AFTER_DELIVERY_DAYS: z.coerce.number().positive().max(60).default(3),
  /** `open` (trading is live, `/` is the landing page) or `early-access` (before launch, `/` is the waiting list). */
  LAUNCH_STATE: z.enum(LAUNCH_STATES).default('open'),
  /** Benchmarks only: serves GET /api/bench/baseline/:name, captured responses from memory (server/bench/README.md). */
  BENCH_BASELINE: flag.default(false),
  /** Where the built web client lives; served by `npm start`. */
  WEB_DIST_DIR: z.string().optional(),
  /**
   * Memory for cached public reads (browse, search, the library), in MB; 0 turns the cache off.
   * Unset: 32, except under NODE_ENV=test, where tests that want it turn it on.
   */
  RESPONSE_CACHE_MB: z.coerce.number().min(0).max(4096).optional(),
  /** The longest a cached answer is served, in seconds: a safety net, writes invalidate at once. */
  RESPONSE_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * PostgreSQL: the longest one SQL statement of a request may run, in milliseconds (0: no limit);
   * past it the request answers 503 DB_TIMEOUT. Jobs and migrations have none. Not on PGlite.
   */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  /**
   * PostgreSQL: connections each instance keeps open. Every statement of a request takes one for
   * its round trip, so requests in flight beyond it wait for one (docs/performance/cache-miss-reads.md).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Web Push's VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints them) and the
   * contact push services may write to (mailto: or https:). Set all three or none: without them a pair
   * is generated at first start and kept in DATA_DIR/vapid-keys.json (docs/rules/offline-and-push.md).
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .refine((v) => /^(mailto:|https:\/\/)/.test(v), 'VAPID_SUBJECT must start with mailto: or https://')
    .optional(),
  /**
   * Threads the loop clearing clears market parts on at once; unset: every core but one, at most
   * two (loops/clearing/part-pool.ts). Each one holds a part's graphs in memory.
   */
  CLEARING_THREADS: z.coerce.number().int().min(1).max(8).optional(),
});

export type Env = z.infer<typeof EnvSchema> & {
  APP_ORIGIN: string;
  SMTP_FROM: string;
  SESSION_SECRET: string;
  /** True when the development tools (force-auth, server-info) answer. */
  devToolsEnabled: boolean;
  RESPONSE_CACHE_MB: number;
  PROTECTION_HOLD_COMPLETED_TRADES: number;
  SHIPPING_MANUAL_NUMBERS: boolean;
};

/** Thrown at start when the environment is wrong; the message names every bad variable. */
export class EnvError extends Error {}

/**
 * Parses the environment once at start-up. In development the session secret is generated
 * and kept under DATA_DIR so sessions survive restarts; production must set it.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const problems: string[] = [];
  if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
    problems.push('  SESSION_SECRET: required when NODE_ENV=production (at least 32 characters)');
  }
  const external = [env.OIDC_ISSUER_URL, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (external !== 0 && external !== 3) {
    problems.push('  OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: set all three, or none for the embedded provider');
  }
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_PUBLISHABLE_KEY)) {
    problems.push('  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: set both for Stripe, or neither for the built-in test-mode sandbox');
  }
  const vapid = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY].filter(Boolean).length;
  if (env.SHIPPING_PROVIDER === 'easypost' && !(env.EASYPOST_API_KEY && env.EASYPOST_WEBHOOK_SECRET)) {
    problems.push('  EASYPOST_API_KEY, EASYPOST_WEBHOOK_SECRET: both are needed with SHIPPING_PROVIDER=easypost');
  }
  if (vapid === 1) problems.push('  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both, or neither to have a pair generated and kept in DATA_DIR');
  if (problems.length) throw new EnvError(`Invalid environment configuration:\n${problems.join('\n')}`);

  const appOrigin = (env.APP_ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    ...env,
    APP_ORIGIN: appOrigin,
    SESSION_SECRET: env.SESSION_SECRET ?? developmentSecret(env.DATA_DIR),
    SMTP_FROM: env.SMTP_FROM ?? `SoleSwap <no-reply@${new URL(appOrigin).hostname}>`,
    devToolsEnabled: env.NODE_ENV !== 'production' || env.ENABLE_DEV_LOGIN,
    RESPONSE_CACHE_MB: env.RESPONSE_CACHE_MB ?? (env.NODE_ENV === 'test' ? 0 : 32),
    PROTECTION_HOLD_COMPLETED_TRADES: env.PROTECTION_HOLD_COMPLETED_TRADES ?? (env.NODE_ENV === 'test' ? 0 : 3),
    SHIPPING_MANUAL_NUMBERS: env.SHIPPING_MANUAL_NUMBERS ?? env.NODE_ENV === 'test',
  };
}

function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
