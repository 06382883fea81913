import { rowsOf } from '../../db/raw-rows';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '@soleswap/contracts/canonical-json';
import { createHash } from 'node:crypto';
import { TestClient, useTestApp } from '../../../test/test-app';
import { chooseShipTos, memberWithSneakers, proposal, shipBody } from '../trades/trades.int-helpers';
import { appendLedgerEntry } from './append-ledger-entry';
import { GENESIS_HASH } from './ledger-hash';

const PUBLIC_ENTRY_KEYS = ['commitment', 'createdAt', 'event', 'hash', 'id', 'prevHash', 'tradeRef'];

/** Every number in a JSON answer with the key it sits under. */
function numbersIn(value: unknown, key = ''): Array<{ key: string; value: number }> {
  if (typeof value === 'number') return [{ key, value }];
  if (Array.isArray(value)) return value.flatMap((item) => numbersIn(item, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => numbersIn(v, k));
  return [];
}

describe('the escrow ledger', () => {
  const testApp = useTestApp();
  const visitor = () => new TestClient(testApp().app);
  const execute = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await testApp().ctx.db.execute(query));

  /** A trade taken through accept, ship and a mutual cancel: lock, ship, refund. */
  async function someTransitions() {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const trade = (await alice.post('/api/trades', proposal(alice, bob))).body;
    const accepted = (await bob.post(`/api/trades/${trade.id}/accept`)).body;
    await chooseShipTos(trade.id, bob);
    await alice.post(`/api/trades/${trade.id}/ship`, shipBody());
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
    expect(res.body.entry).toMatchObject({ event: 'lock', hash: trade.blockchainTxHash });
    expect(res.body.before).toHaveLength(5);
    expect(res.body.after).toHaveLength(5);
    expect(res.body.before.at(-1).hash).toBe(res.body.entry.prevHash);
    expect(res.body.after[0].prevHash).toBe(res.body.entry.hash);
    expect(res.body.after.slice(0, 2).map((e: { event: string }) => e.event)).toEqual(['ship', 'refund']);
    // One trade, one reference: its later entries carry the lock entry's reference, others do not.
    expect(res.body.after.slice(0, 2).map((e: { tradeRef: string }) => e.tradeRef)).toEqual([res.body.entry.tradeRef, res.body.entry.tradeRef]);
    expect(res.body.before.at(-1).tradeRef).not.toBe(res.body.entry.tradeRef);
    expect(res.body.verification).toEqual({ valid: true, checked: 11, brokenAt: null });
    expect(JSON.stringify(res.body)).not.toContain('TRACK-123');
    expect((await visitor().get(`/api/ledger/entries/${'f'.repeat(64)}`)).status).toBe(404);
    expect((await visitor().get('/api/ledger/entries/not-a-hash')).status).toBe(404);
  });

  it('shows a visitor walking the whole public ledger no member, username, sneaker or trade', async () => {
    const { alice, bob, trade } = await someTransitions();
    const answers: unknown[] = [];
    const verify = await visitor().get('/api/ledger/verify');
    answers.push(verify.body);

    // Walk from the known lock hash back to the genesis and on to the head, window by window.
    const seen = new Map<string, { hash: string; prevHash: string }>();
    const queue = [trade.blockchainTxHash as string];
    while (queue.length) {
      const hash = queue.shift()!;
      const window = await visitor().get(`/api/ledger/entries/${hash}`);
      expect(window.status).toBe(200);
      answers.push(window.body);
      for (const entry of [...window.body.before, window.body.entry, ...window.body.after]) {
        expect(Object.keys(entry).sort()).toEqual(PUBLIC_ENTRY_KEYS);
        if (seen.has(entry.hash)) continue;
        seen.set(entry.hash, entry);
        queue.push(entry.hash);
      }
      const details = await visitor().get(`/api/ledger/entries/${hash}/details`);
      expect(details.status).toBe(404);
      answers.push(details.body);
    }
    expect(seen.size).toBe(verify.body.checked);
    expect([...seen.values()].filter((entry) => entry.prevHash === GENESIS_HASH)).toHaveLength(1);

    const text = JSON.stringify(answers);
    const members = await execute<{ id: string; username: string }>(sql`select id, username from users`);
    for (const member of members) {
      expect(text).not.toContain(member.id);
      expect(text).not.toContain(member.username);
    }
    expect(text).not.toContain(alice.user.id);
    expect(text).not.toContain(bob.user.username);
    // Numbers are only entry positions and counts: no trade id, sneaker id or anything else.
    const keys = new Set(numbersIn(answers).map((n) => n.key));
    expect([...keys].sort()).toEqual(['checked', 'id']);
    const entryIds = (await execute<{ id: number }>(sql`select id from ledger_entries`)).map((row) => Number(row.id));
    for (const n of numbersIn(answers)) if (n.key === 'id') expect(entryIds).toContain(n.value);
  });

  it("gives a trade's parties the details behind each entry, which match the public commitment; nobody else", async () => {
    const { alice, bob, trade } = await someTransitions();
    const publicEntry = (await visitor().get(`/api/ledger/entries/${trade.blockchainTxHash}`)).body.entry;

    for (const party of [alice, bob]) {
      const res = await party.get(`/api/ledger/entries/${trade.blockchainTxHash}/details`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        hash: publicEntry.hash,
        tradeRef: publicEntry.tradeRef,
        commitment: publicEntry.commitment,
        matchesCommitment: true,
        details: {
          tradeId: trade.id,
          payload: {
            proposerId: alice.user.id,
            receiverId: bob.user.id,
            proposerSneakerIds: [alice.sneakers[0]!.id],
            receiverSneakerIds: [bob.sneakers[0]!.id],
          },
        },
      });
      // The party can check the commitment on their own: sha256(salt + canonical JSON of the details).
      const recomputed = createHash('sha256')
        .update(res.body.salt + canonicalJson(res.body.details))
        .digest('hex');
      expect(recomputed).toBe(publicEntry.commitment);
    }

    const eve = await memberWithSneakers(testApp(), 'eve', 0);
    const admin = await memberWithSneakers(testApp(), 'admin', 0, 'admin');
    for (const stranger of [eve, admin, visitor()]) {
      const res = await stranger.get(`/api/ledger/entries/${trade.blockchainTxHash}/details`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
      expect(JSON.stringify(res.body)).not.toContain(alice.user.id);
    }
    expect((await alice.get(`/api/ledger/entries/${'f'.repeat(64)}/details`)).status).toBe(404);
    expect((await alice.get('/api/ledger/entries/nope/details')).status).toBe(404);
  });

  it('gives an admin the details of a disputed trade, as it gives them the trade', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const admin = await memberWithSneakers(testApp(), 'admin', 0, 'admin');
    const trade = (await alice.post('/api/trades', proposal(alice, bob))).body;
    const accepted = (await bob.post(`/api/trades/${trade.id}/accept`)).body;
    expect((await admin.get(`/api/ledger/entries/${accepted.blockchainTxHash}/details`)).status).toBe(404);
    expect((await alice.post(`/api/trades/${trade.id}/dispute`, { reason: 'The box was empty' })).status).toBe(200);
    const res = await admin.get(`/api/ledger/entries/${accepted.blockchainTxHash}/details`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ matchesCommitment: true, details: { tradeId: trade.id } });
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
    const { n, total } = (
      await execute<{ n: number; total: number }>(sql`select count(distinct prev_hash) as n, count(*) as total from ledger_entries`)
    )[0]!;
    expect(Number(n)).toBe(Number(total));
    const refs = await execute<{ n: number }>(sql`select count(distinct trade_ref) as n from ledger_entries where trade_id = ${trade.id}`);
    expect(Number(refs[0]!.n)).toBe(1);
  });

  it('reports a changed public field, or changed private details, as the first broken entry', async () => {
    const before = (await visitor().get('/api/ledger/verify')).body;
    expect(before.valid).toBe(true);
    expect(before.checked).toBeGreaterThan(10);

    const { trade } = await someTransitions();
    const hash = trade.blockchainTxHash as string;
    const [row] = await execute<{ id: number; trade_ref: string; payload: unknown }>(
      sql`select id, trade_ref, payload from ledger_entries where hash = ${hash}`,
    );
    const tamperedId = Number(row!.id);

    // A public field: the entry no longer hashes to its stored hash.
    await execute(sql`update ledger_entries set trade_ref = 'forged' where id = ${tamperedId}`);
    let after = (await visitor().get('/api/ledger/verify')).body;
    expect(after).toMatchObject({ valid: false, brokenAt: { id: tamperedId, reason: 'hash', actualHash: hash } });
    expect(after.checked).toBe(before.checked + 1);
    await execute(sql`update ledger_entries set trade_ref = ${row!.trade_ref} where id = ${tamperedId}`);
    expect((await visitor().get('/api/ledger/verify')).body.valid).toBe(true);

    // The private details: the public chain still links, but the commitment gives it away.
    await execute(sql`update ledger_entries set payload = jsonb_set(payload, '{proposerSneakerIds}', '[999]') where id = ${tamperedId}`);
    after = (await visitor().get('/api/ledger/verify')).body;
    expect(after).toMatchObject({ valid: false, brokenAt: { id: tamperedId, reason: 'commitment' } });
    expect(after.checked).toBe(before.checked + 1);
    const window = (await visitor().get(`/api/ledger/entries/${hash}`)).body;
    expect(window.verification).toMatchObject({ valid: false, brokenAt: { id: tamperedId, reason: 'commitment' } });
    expect(JSON.stringify(window)).not.toContain('SneakerIds');
  });

  it('starts the chain at the genesis hash', async () => {
    const first = await execute<{ prev_hash: string }>(sql`select prev_hash from ledger_entries order by id limit 1`);
    expect(first[0]!.prev_hash).toBe(GENESIS_HASH);
  });
});
