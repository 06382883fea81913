import type { LedgerVerification } from '@soleswap/contracts/ledger';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { GENESIS_HASH, verifyChain } from './ledger-hash';
import {
  auditCheckpoints,
  computeBlockDigest,
  deleteCheckpointsFrom,
  insertCheckpoint,
  listCheckpoints,
  listEntriesAfter,
  toChainEntry,
  type CheckpointRow,
} from './ledger.repository';

/** Entries per checkpoint, and per page read while re-hashing. */
export const LEDGER_CHECKPOINT_BLOCK = 10_000;
/** Checkpointed blocks whose digest each verification re-computes, least recently audited first. */
export const LEDGER_AUDIT_BLOCKS = 2;

/**
 * Verifies the whole ledger and reports the first broken link (GET /api/ledger/verify): a link
 * or public hash that does not recompute, or private details that no longer match their public
 * commitment. The answer is the one a full re-hash from the genesis hash gives, without
 * re-hashing the whole chain every time:
 *
 * - Entries already verified in full sit in checkpointed blocks (ledger_checkpoints). Writing
 *   to an entry of a block (update, delete, or an insert into a sealed stretch) fires a trigger
 *   that deletes that block's checkpoint and every later one, so the chain is re-hashed entry by
 *   entry from that block and the changed entry is reported where a full re-hash reports it.
 * - Each verification also re-computes, in SQL, the digest of all columns of the few least
 *   recently audited blocks; a block that no longer matches its digest (a write that bypassed
 *   the trigger) is re-hashed like a forgotten one.
 * - After the last trusted checkpoint the chain is re-hashed, and every full block that
 *   verifies becomes a new checkpoint, read and digested in one snapshot.
 *
 * Checkpoints guard against changed entries, not against someone who rewrites the checkpoints
 * too; see docs/rules/ledger.md.
 */
export async function verifyLedger(
  ctx: AppContext,
  { blockSize = LEDGER_CHECKPOINT_BLOCK, auditBlocks = LEDGER_AUDIT_BLOCKS }: { blockSize?: number; auditBlocks?: number } = {},
): Promise<LedgerVerification> {
  const trusted = contiguousFromGenesis(await listCheckpoints(ctx.db));
  const changed = new Set(await auditCheckpoints(ctx.db, auditBlocks));
  let start = trusted.findIndex((checkpoint) => changed.has(checkpoint.upToId));
  const allMatch = start === -1;
  if (allMatch) start = trusted.length;

  const base = trusted.slice(0, start);
  const last = base[base.length - 1];
  let afterId = last?.upToId ?? 0;
  let prevHash = last?.lastHash ?? GENESIS_HASH;
  let checked = base.reduce((sum, checkpoint) => sum + checkpoint.entries, 0);

  for (;;) {
    const step = await verifyPage(ctx.db, { afterId, prevHash, blockSize, seal: allMatch });
    if (step.result && !step.result.valid) return { ...step.result, checked: checked + step.result.checked };
    if (step.count === 0) break;
    checked += step.count;
    afterId = step.lastId;
    prevHash = step.lastHash;
  }
  // An audited block's rows changed in a way the chain does not cover (say created_at below a
  // millisecond) and the chain still verifies: its checkpoints are stale, seal them afresh.
  if (!allMatch) await deleteCheckpointsFrom(ctx.db, trusted[start]!.afterId);
  return { valid: true, checked, brokenAt: null };
}

/** The checkpoints that chain from the first entry without a gap; any after a gap are ignored. */
function contiguousFromGenesis(checkpoints: CheckpointRow[]): CheckpointRow[] {
  const chained: CheckpointRow[] = [];
  let afterId = 0;
  for (const checkpoint of checkpoints) {
    if (checkpoint.afterId !== afterId || checkpoint.upToId <= afterId) break;
    chained.push(checkpoint);
    afterId = checkpoint.upToId;
  }
  return chained;
}

interface PageStep {
  count: number;
  lastId: number;
  lastHash: string;
  result: LedgerVerification | null;
}

/** Re-hashes the next page of entries; a full page that verifies is sealed as a checkpoint. */
async function verifyPage(
  db: Db,
  { afterId, prevHash, blockSize, seal }: { afterId: number; prevHash: string; blockSize: number; seal: boolean },
): Promise<PageStep> {
  const run = async (tx: Db): Promise<PageStep> => {
    const page = await listEntriesAfter(tx, afterId, blockSize);
    if (page.length === 0) return { count: 0, lastId: afterId, lastHash: prevHash, result: null };
    const result = verifyChain(page.map(toChainEntry), prevHash);
    const lastRow = page[page.length - 1]!;
    if (result.valid && seal && page.length === blockSize) {
      const digest = await computeBlockDigest(tx, afterId, lastRow.id);
      if (digest.entries === page.length) {
        await insertCheckpoint(tx, { afterId, upToId: lastRow.id, entries: page.length, lastHash: lastRow.hash, digest: digest.digest });
      }
    }
    return { count: page.length, lastId: lastRow.id, lastHash: lastRow.hash, result };
  };
  // The page and its digest come from one snapshot, so a checkpoint covers the rows verified.
  return seal ? db.transaction(run, { isolationLevel: 'repeatable read' }) : run(db);
}
