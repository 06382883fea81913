import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@soleswap/contracts/errors';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/index';
import { AppError } from '../errors';
import { canonicalJson } from '../modules/ledger/ledger-hash';
import { ERROR_STATUS } from './error-status';

/**
 * Idempotency-Key support for state-changing calls (decisions.md 6). The first answer to a
 * (member, key) is stored for 24 hours and replayed to every retry; the same key with another
 * method, path or body is refused with 422 IDEMPOTENCY_MISMATCH. The key row is claimed
 * before the work runs, so two concurrent duplicates never both execute: the second one gets
 * 409 CONFLICT while the first is still running.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long an answer is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claimed key with no answer after this long belongs to a request that died; a retry may take it over. */
const ABANDONED_AFTER_MS = 2 * 60 * 1000;
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/** Set on a replayed answer so clients and logs can tell. */
export const REPLAYED_HEADER = 'idempotent-replayed';

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${canonicalJson(request.body ?? null)}`)
    .digest('hex');
}

/** Claims the key (new, expired or abandoned); false when a live claim or answer exists. */
async function claimKey(db: Db, row: { userId: string; key: string; scope: string; requestHash: string; now: Date }) {
  const expiredBefore = new Date(row.now.getTime() - IDEMPOTENCY_TTL_MS);
  const abandonedBefore = new Date(row.now.getTime() - ABANDONED_AFTER_MS);
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId: row.userId, key: row.key, scope: row.scope, requestHash: row.requestHash, createdAt: row.now })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: {
        scope: sql`excluded.scope`,
        requestHash: sql`excluded.request_hash`,
        statusCode: null,
        responseBody: null,
        createdAt: sql`excluded.created_at`,
      },
      setWhere: sql`${idempotencyKeys.createdAt} < ${expiredBefore} or (${idempotencyKeys.statusCode} is null and ${idempotencyKeys.createdAt} < ${abandonedBefore})`,
    })
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

const byKey = (userId: string, key: string) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

async function storeAnswer(db: Db, userId: string, key: string, statusCode: number, body: unknown) {
  await db
    .update(idempotencyKeys)
    .set({ statusCode, responseBody: body ?? null })
    .where(byKey(userId, key));
}

/**
 * Runs `work` at most once per Idempotency-Key and answers with `status` (or replays the first
 * answer). Without the header it simply runs `work`. Domain errors (4xx) are answers too and are
 * replayed; an unexpected failure frees the key so a retry can run again.
 */
export async function idempotent<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { userId: string; status?: number },
  work: () => Promise<T>,
): Promise<T | unknown> {
  const status = options.status ?? 200;
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) {
    const body = await work();
    reply.status(status);
    return body;
  }
  if (typeof header !== 'string' || !KEY_FORMAT.test(header)) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 1 to 255 visible characters');
  }
  const { db } = request.server.ctx;
  const key = header;
  const { userId } = options;
  const hash = requestHash(request);
  const scope = `${request.method} ${request.url.split('?')[0]}`;

  if (!(await claimKey(db, { userId, key, scope, requestHash: hash, now: request.server.ctx.now() }))) {
    const [existing] = await db.select().from(idempotencyKeys).where(byKey(userId, key));
    if (existing && existing.requestHash !== hash) {
      throw new AppError('IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was already used for a different request');
    }
    if (!existing || existing.statusCode === null) {
      throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still in progress. Retry in a moment.');
    }
    reply.header(REPLAYED_HEADER, 'true').status(existing.statusCode);
    return existing.responseBody;
  }

  try {
    const body = await work();
    await storeAnswer(db, userId, key, status, body);
    reply.status(status);
    return body;
  } catch (error) {
    if (error instanceof AppError && ERROR_STATUS[error.code] < 500) {
      const body: ErrorBody = { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) };
      await storeAnswer(db, userId, key, ERROR_STATUS[error.code], body);
    } else {
      await db.delete(idempotencyKeys).where(byKey(userId, key));
    }
    throw error;
  }
}

/** Deletes answers older than IDEMPOTENCY_TTL_MS (a recurring job); returns how many. */
export async function sweepIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
