import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TestClient, useTestApp } from '../../../test/test-app';
import { memberWithSneakers, proposal } from '../trades/trades.int-helpers';
import { appendLedgerEntry } from './append-ledger-entry';
import { GENESIS_HASH } from './ledger-hash';

describe('the escrow ledger', () => {
  const testApp = useTestApp();
  const visitor = () => new TestClient(testApp().app);

  /** A trade taken through accept, ship and a mutual cancel: lock, ship, refund. */
  async function someTransitions() {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const trade = (await alice.post('/api/trades', proposal(alice, bob))).body;
    const accepted = (await bob.post(`/api/trades/${trade.id}/accept`)).body;
    await alice.post(`/api/trades/${trade.id}/ship`, { trackingNumber: 'TRACK-123' });
    await alice.post(`/api/trades/${trade.id}/cancel`);
    await bob.post(`/api/trades/${trade.id}/cancel`);
    return { alice, bob, trade: accepted };
  }

  it('verifies an empty ledger', async () => {
    expect((await visitor().get('/api/ledger/verify')).body).toEqual({ valid: true, checked: 0, brokenAt: null });
  });

  it('shows an entry with the chain around it, re-verified, to anyone', async () => {
    for (let i = 0; i < 3; i++) await someTransitions();
    const { trade } = await someTransitions();
    for (let i = 0; i < 2; i++) await someTransitions();

    const res = await visitor().get(`/api/ledger/entries/${trade.blockchainTxHash}`);
    expect(res.status).toBe(200);
    expect(res.body.entry).toMatchObject({ tradeId: trade.id, event: 'lock', hash: trade.blockchainTxHash });
    expect(res.body.before).toHaveLength(5);
    expect(res.body.after).toHaveLength(5);
    expect(res.body.before.at(-1).hash).toBe(res.body.entry.prevHash);
    expect(res.body.after[0].prevHash).toBe(res.body.entry.hash);
    expect(res.body.after.slice(0, 2).map((e: { event: string }) => e.event)).toEqual(['ship', 'refund']);
    expect(res.body.verification).toEqual({ valid: true, checked: 11, brokenAt: null });
    // Public, so no personal data: the tracking number stays off the ledger.
    expect(JSON.stringify(res.body)).not.toContain('TRACK-123');
    expect((await visitor().get(`/api/ledger/entries/${'f'.repeat(64)}`)).status).toBe(404);
    expect((await visitor().get('/api/ledger/entries/not-a-hash')).status).toBe(404);
  });

  it('chains concurrent appends one after the other, never onto the same previous hash', async () => {
    const { ctx } = testApp();
    const { trade } = await someTransitions();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        ctx.db.transaction((tx) => appendLedgerEntry(tx, { tradeId: trade.id, event: 'dispute', payload: { i } })),
      ),
    );
    const result = (await visitor().get('/api/ledger/verify')).body;
    expect(result.valid).toBe(true);
    const rows = await ctx.db.execute(sql`select count(distinct prev_hash) as n, count(*) as total from ledger_entries`);
    const { n, total } = (rows as unknown as { rows: Array<{ n: number; total: number }> }).rows[0]!;
    expect(Number(n)).toBe(Number(total));
  });

  it('reports the first tampered entry as brokenAt', async () => {
    const { ctx } = testApp();
    const before = (await visitor().get('/api/ledger/verify')).body;
    expect(before.valid).toBe(true);
    expect(before.checked).toBeGreaterThan(10);

    const { trade } = await someTransitions();
    await ctx.db.execute(
      sql`update ledger_entries set payload = jsonb_set(payload, '{proposerSneakerIds}', '[999]') where hash = ${trade.blockchainTxHash}`,
    );
    const tamperedId = (
      (await ctx.db.execute(sql`select id from ledger_entries where hash = ${trade.blockchainTxHash}`)) as unknown as {
        rows: Array<{ id: number }>;
      }
    ).rows[0]!.id;

    const after = (await visitor().get('/api/ledger/verify')).body;
    expect(after.valid).toBe(false);
    expect(after.brokenAt).toMatchObject({ id: Number(tamperedId), reason: 'hash', actualHash: trade.blockchainTxHash });
    expect(after.checked).toBe(before.checked + 1);

    const window = (await visitor().get(`/api/ledger/entries/${trade.blockchainTxHash}`)).body;
    expect(window.verification).toMatchObject({ valid: false, brokenAt: { id: Number(tamperedId) } });
  });

  it('starts the chain at the genesis hash', async () => {
    const { ctx } = testApp();
    const first = (await ctx.db.execute(sql`select prev_hash from ledger_entries order by id limit 1`)) as unknown as {
      rows: Array<{ prev_hash: string }>;
    };
    expect(first.rows[0]!.prev_hash).toBe(GENESIS_HASH);
  });
});
