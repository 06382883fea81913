import { rowsOf } from '../db/raw-rows';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { IDEMPOTENCY_TTL_MS, type StoredKey } from './idempotency';

/**
 * The Idempotency-Key statements of idempotency.ts for a batch of requests, one statement each
 * whatever the batch's size (rows travel as one jsonb parameter, so the statement's text is the
 * same for every batch). A batch holds each (member, key) once: a retry that arrives while its
 * first request is in a batch waits for the next one, and replays.
 */

export interface KeyRow {
  userId: string;
  key: string;
}

/** A (member, key) as one string, for maps and sets. */
export const keyIdOf = (row: KeyRow) => `${row.userId} ${row.key}`;
const idOf = keyIdOf;
const byMemberAndKey = (a: KeyRow, b: KeyRow) => (idOf(a) < idOf(b) ? -1 : idOf(a) > idOf(b) ? 1 : 0);

/**
 * Claims the keys (claimKey's rule: a new key, an expired answer or an unanswered claim is taken)
 * in (member, key) order, so two batches sharing keys lock them in the same order. Returns the
 * claimed ones, as `userId key` strings.
 */
export async function claimKeys(db: Db, rows: ReadonlyArray<KeyRow & { scope: string; requestHash: string }>, now: Date): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  const values = JSON.stringify(
    [...rows].sort(byMemberAndKey).map((row) => ({ user_id: row.userId, key: row.key, scope: row.scope, request_hash: row.requestHash })),
  );
  const result = await db.execute(sql`
    insert into idempotency_keys (user_id, key, scope, request_hash, created_at)
    select r.user_id, r.key, r.scope, r.request_hash, ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${values}::jsonb) as r(user_id uuid, key text, scope text, request_hash text)
    order by r.user_id, r.key
    on conflict (user_id, key) do update set
      scope = excluded.scope, request_hash = excluded.request_hash, status_code = null, response_body = null, created_at = excluded.created_at
    where idempotency_keys.created_at < ${expiredBefore}::timestamptz or idempotency_keys.status_code is null
    returning user_id, key
  `);
  const claimed = rowsOf<{ user_id: string; key: string }>(result);
  return new Set(claimed.map((row) => idOf({ userId: row.user_id, key: row.key })));
}

/** The stored rows of keys the batch could not claim (retries), by `userId key`. */
export async function findStoredKeys(db: Db, rows: readonly KeyRow[]): Promise<Map<string, StoredKey>> {
  if (rows.length === 0) return new Map();
  const values = JSON.stringify(rows.map((row) => ({ user_id: row.userId, key: row.key })));
  const result = await db.execute(sql`
    select k.user_id, k.key, k.request_hash, k.status_code, k.response_body
    from jsonb_to_recordset(${values}::jsonb) as r(user_id uuid, key text)
    join idempotency_keys k on k.user_id = r.user_id and k.key = r.key
  `);
  const found = rowsOf<{ user_id: string; key: string; request_hash: string; status_code: number | null; response_body: unknown }>(result);
  return new Map(
    found.map((row) => [
      idOf({ userId: row.user_id, key: row.key }),
      { requestHash: row.request_hash, statusCode: row.status_code === null ? null : Number(row.status_code), responseBody: row.response_body },
    ]),
  );
}

/** Stores each claimed key's answer (its status and body). */
export async function storeAnswers(db: Db, rows: ReadonlyArray<KeyRow & { status: number; body: unknown }>): Promise<void> {
  if (rows.length === 0) return;
  const values = JSON.stringify(
    [...rows].sort(byMemberAndKey).map((row) => ({ user_id: row.userId, key: row.key, status: row.status, body: row.body ?? null })),
  );
  await db.execute(sql`
    update idempotency_keys k set status_code = r.status, response_body = r.body
    from jsonb_to_recordset(${values}::jsonb) as r(user_id uuid, key text, status integer, body jsonb)
    where k.user_id = r.user_id and k.key = r.key
  `);
}
