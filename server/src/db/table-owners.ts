import type { PgTable } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index';

/**
 * Which module owns each table: only files under `server/src/modules/<owner>/` may name it. Any
 * other module reads or writes it through the owner's exported functions, which take the
 * caller's `db` or transaction, so the owner alone decides how its rows change and which locks
 * guard them. Infrastructure tables belong to code outside the modules (see the README).
 *
 * `table-owners.test.ts` fails when a schema table is missing here and when a module file imports
 * (or names in raw SQL) a table it does not own.
 */

/** Names of the schema's exports that are tables. */
type SchemaTable = { [K in keyof typeof schema]: (typeof schema)[K] extends PgTable ? K : never }[keyof typeof schema];

export const HTTP_INFRASTRUCTURE = 'http infrastructure';
export const JOBS_INFRASTRUCTURE = 'jobs infrastructure';

export const TABLE_OWNERS = {
  users: 'users',
  localAccounts: 'identity',
  oidcStore: 'identity',
  sessions: 'identity',
  catalogReleases: 'catalog',
  sneakers: 'sneakers',
  trades: 'trades',
  escrowLocks: 'trades',
  tradeEvents: 'trades',
  tradeRatings: 'trades',
  ledgerEntries: 'ledger',
  userFollows: 'follows',
  userBlocks: 'blocks',
  reports: 'moderation',
  messages: 'chat',
  notifications: 'notifications',
  notificationPreferences: 'notifications',
  liveEvents: 'live',
  payments: 'payments',
  sandboxPayments: 'payments',
  paymentWebhookEvents: 'payments',
  verificationRuns: 'verification',
  priceSnapshots: 'verification',
  analyticsEvents: 'analytics',
  dailyStats: 'analytics',
  earlySignups: 'early-signups',
  // Request replay protection (server/src/http/idempotency.ts), not a domain concept.
  idempotencyKeys: HTTP_INFRASTRUCTURE,
  // The background job queue (server/src/jobs/), shared by every module that schedules work.
  jobs: JOBS_INFRASTRUCTURE,
} as const satisfies Record<SchemaTable, string>;

/**
 * Files under a module folder that may name any table, and why:
 * - tests (`*.test.ts`, `*.int-helpers.ts`, `test-support/`): they arrange rows and check what
 *   was stored straight in the database, as an oracle independent of the code under test; they
 *   never run in the server.
 * Demo seeders are not exempt: they create members, sneakers and trades through the owners.
 */
export function isOwnershipExempt(relativePath: string): boolean {
  return /\.test\.ts$|\.int-helpers\.ts$|(^|\/)test-support\//.test(relativePath);
}
