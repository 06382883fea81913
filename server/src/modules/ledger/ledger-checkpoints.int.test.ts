import { rowsOf } from '../../db/raw-rows';
import { sql, type SQL } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildTrade, buildUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { appendLedgerEntry } from './append-ledger-entry';
import { verifyLedger } from './verify-ledger';

/**
 * Checkpointed verification gives the answer a full re-hash gives: small blocks here (5 entries)
 * stand for the 10,000 of GET /api/ledger/verify.
 */
describe('ledger checkpoints', () => {
  const testApp = useTestApp();
  const ctx = () => testApp().ctx;
  const rows = async <T>(query: SQL) => rowsOf<T>(await ctx().db.execute(query));
  const verify = (auditBlocks = 0) => verifyLedger(ctx(), { blockSize: 5, auditBlocks });
  const checkpoints = async () =>
    (await rows<{ up_to_id: number }>(sql`select up_to_id from ledger_checkpoints order by up_to_id`)).map((r) => Number(r.up_to_id));
  /** Ids of the ledger's entries, oldest first. */
  let ids: number[] = [];

  beforeEach(async () => {
    await ctx().db.execute(sql`truncate ledger_entries`);
    const alice = await buildUser(ctx());
    const bob = await buildUser(ctx());
    const trade = await buildTrade(ctx(), { proposerId: alice.id, receiverId: bob.id, proposerSneakerIds: [], receiverSneakerIds: [] });
    ids = [];
    for (let i = 0; i < 23; i++) {
      const entry = await appendLedgerEntry(ctx().db, { tradeId: trade.id, event: i % 2 ? 'ship' : 'lock', payload: { step: i } });
      ids.push(entry.id);
    }
  });

  it('seals every full block that verifies and answers the same from the checkpoints', async () => {
    expect(await verify()).toEqual({ valid: true, checked: 23, brokenAt: null });
    expect(await checkpoints()).toEqual([ids[4], ids[9], ids[14], ids[19]]);
    expect(await verify(4)).toEqual({ valid: true, checked: 23, brokenAt: null });
  });

  it('finds an entry changed in an old, checkpointed block', async () => {
    await verify();
    await ctx().db.execute(sql`update ledger_entries set payload = '{"step": 99}' where id = ${ids[6]}`);
    const result = await verify();
    expect(result).toMatchObject({ valid: false, checked: 7, brokenAt: { id: ids[6], reason: 'commitment' } });
    // The changed block and every later one are re-hashed until the entry is put back.
    expect(await checkpoints()).toEqual([ids[4]]);
    await ctx().db.execute(sql`update ledger_entries set payload = '{"step": 6}' where id = ${ids[6]}`);
    expect(await verify()).toEqual({ valid: true, checked: 23, brokenAt: null });
    expect(await checkpoints()).toHaveLength(4);
  });

  it('finds an entry changed after the last checkpoint', async () => {
    await verify();
    await ctx().db.execute(sql`update ledger_entries set trade_ref = 'forged' where id = ${ids[21]}`);
    expect(await verify()).toMatchObject({ valid: false, checked: 22, brokenAt: { id: ids[21], reason: 'hash' } });
  });

  it('finds an old entry deleted from a checkpointed block', async () => {
    await verify();
    await ctx().db.execute(sql`delete from ledger_entries where id = ${ids[12]}`);
    expect(await verify()).toMatchObject({ valid: false, checked: 13, brokenAt: { id: ids[13], reason: 'prevHash' } });
  });

  it('finds an old entry changed behind the trigger’s back through the block digests', async () => {
    await verify();
    await ctx().db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update ledger_entries set payload = '{"step": 99}' where id = ${ids[2]}`);
    });
    expect(await checkpoints()).toHaveLength(4);
    // One block audited per verification: the changed one comes up within four.
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await verify(1));
    expect(results.find((r) => !r.valid)).toMatchObject({ valid: false, checked: 3, brokenAt: { id: ids[2], reason: 'commitment' } });
  });
});
