import type { PgTable } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index';

/**
 * Which module owns each table: only files under `server/src/modules/<owner>/` may name it. Any
 * other module reads or writes it through the owner's exported functions, which take the
 * caller's `db` or transaction, so the owner alone decides how its rows change and which locks
 * guard them. Infrastructure tables belong to code outside the modules (see the README).
 *
 * Another module's table is reached through the owner's exported functions, or, for one statement
 * over many rows, through a subquery the owner builds (`*Subquery()`), so its table name stays in
 * the owner's files. `table-owners.test.ts` fails when a schema table is missing here, when a
 * module file imports (or names in raw SQL) a table it does not own, and when a file outside the
 * modules touches a table without being listed in INFRASTRUCTURE_FILES.
 */

/** Names of the schema's exports that are tables. */
type SchemaTable = { [K in keyof typeof schema]: (typeof schema)[K] extends PgTable ? K : never }[keyof typeof schema];

export const HTTP_INFRASTRUCTURE = 'http infrastructure';
export const JOBS_INFRASTRUCTURE = 'jobs infrastructure';

export const TABLE_OWNERS = {
  users: 'users',
  localAccounts: 'identity',
  emailUndoLinks: 'identity',
  oidcStore: 'identity',
  sessions: 'identity',
  knownDevices: 'identity',
  deviceConfirmations: 'identity',
  pushSubscriptions: 'push',
  pushPreferences: 'push',
  memberTotp: 'identity',
  memberRecoveryCodes: 'identity',
  memberPasskeys: 'identity',
  memberSignInRules: 'identity',
  memberCodeAttempts: 'identity',
  catalogReleases: 'catalog',
  sneakers: 'sneakers',
  sneakerPhotos: 'sneakers',
  sneakerEstimateChanges: 'sneakers',
  trades: 'trades',
  escrowLocks: 'escrow',
  tradeEvents: 'trades',
  tradeRatings: 'trades',
  tradeDisputeEvidence: 'trades',
  disputePhotoMoves: 'trades',
  tradeRulings: 'trades',
  tradeReturns: 'trades',
  ledgerEntries: 'ledger',
  ledgerCheckpoints: 'ledger',
  userFollows: 'follows',
  userBlocks: 'blocks',
  reports: 'moderation',
  adminAuditLog: 'admin-audit',
  messages: 'chat',
  conversations: 'chat',
  messageReads: 'chat',
  imageUploads: 'uploads',
  photoPrints: 'uploads',
  photoPrintKeys: 'uploads',
  wants: 'wants',
  matches: 'wants',
  memberMatches: 'wants',
  matchRefreshQueue: 'wants',
  loops: 'loops',
  loopLegs: 'loops',
  loopEvents: 'loops',
  notifications: 'notifications',
  notificationPreferences: 'notifications',
  liveEvents: 'live',
  liveStreams: 'live',
  payments: 'payments',
  sandboxPayments: 'payments',
  paymentWebhookEvents: 'payments',
  wallets: 'wallet',
  walletEntries: 'wallet',
  cashAuthorizations: 'wallet',
  payouts: 'wallet',
  payoutBankAccounts: 'wallet',
  holdCaptures: 'wallet',
  holdAppeals: 'wallet',
  verificationRuns: 'verification',
  priceSnapshots: 'verification',
  analyticsEvents: 'analytics',
  dailyStats: 'analytics',
  earlySignups: 'early-signups',
  memberAddresses: 'addresses',
  tradeShipTo: 'addresses',
  loopShipTo: 'addresses',
  addressReads: 'addresses',
  inspections: 'inspection',
  parcelClaims: 'parcels',
  shippingLabels: 'shipping',
  carrierEvents: 'shipping',
  // Request replay protection (server/src/http/idempotency.ts), not a domain concept.
  idempotencyKeys: HTTP_INFRASTRUCTURE,
  // Rate-limit counters shared by the instances (server/src/http/rate-limit-store.ts).
  rateLimitHits: HTTP_INFRASTRUCTURE,
  // The background job queue (server/src/jobs/), shared by every module that schedules work.
  jobs: JOBS_INFRASTRUCTURE,
} as const satisfies Record<SchemaTable, string>;

/**
 * The infrastructure outside server/src/modules that keeps tables, by file (relative to
 * server/src), with the tables each may name. The session store keeps the identity module's
 * sessions for @fastify/session; everything else outside the modules reaches tables through them.
 */
export const INFRASTRUCTURE_FILES: Record<string, readonly (keyof typeof TABLE_OWNERS)[]> = {
  'http/idempotency.ts': ['idempotencyKeys'],
  'http/idempotency-keys-together.ts': ['idempotencyKeys'],
  'http/rate-limit-store.ts': ['rateLimitHits'],
  'http/session-store.ts': ['sessions'],
  'jobs/job-queue.ts': ['jobs'],
  // The backup tool counts rows of every table a member would miss, read-only, to check a restore.
  'cli/backup-contents.ts': ['users', 'sneakers', 'trades', 'loops', 'messages', 'ledgerEntries', 'payments', 'priceSnapshots'],
};

/**
 * Files that may name any table, and why:
 * - tests (`*.test.ts`, `*.int-helpers.ts`, `test-support/`): they arrange rows and check what
 *   was stored straight in the database, as an oracle independent of the code under test; they
 *   never run in the server.
 * Demo seeders are not exempt: they create members, sneakers and trades through the owners.
 */
export function isOwnershipExempt(relativePath: string): boolean {
  return /\.test\.ts$|\.int-helpers\.ts$|(^|\/)test-support\//.test(relativePath);
}
