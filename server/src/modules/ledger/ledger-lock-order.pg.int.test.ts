import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { cashAuthorizations } from '../../db/schema/index';
import type { TestClient } from '../../../test/test-app';
import { useTwoInstances } from '../../../test/two-instances';
import { GOOD_CARD, moneyViolations } from '../trades/protection-holds.int-helpers';
import { chooseShipTos, memberWithSneakers, proposal, TRACKING } from '../trades/trades.int-helpers';
import { reauthorizeCash } from '../wallet/reauthorize-cash';
import { lockLedgerHead } from './ledger.repository';
import { verifyLedger } from './verify-ledger';

/** How many of this database's sessions wait for a lock (a row, or an advisory lock such as the ledger's head). */
async function lockWaiters(db: Db): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]!.n);
}

/** Until `n` sessions wait for a lock: the requests sent are where the test wants them. */
async function untilWaiting(db: Db, n: number): Promise<void> {
  while ((await lockWaiters(db)) < n) await new Promise((resolve) => setTimeout(resolve, 10));
}

/**
 * Until every session waiting for a lock has waited longer than deadlock_timeout: PostgreSQL looks for
 * a deadlock once per wait, after that long, so a cycle that closes later is found by the session
 * that joins it, not by those already waiting.
 */
async function untilPastDeadlockCheck(db: Db): Promise<void> {
  const early = sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
    and clock_timestamp() - query_start < 2 * current_setting('deadlock_timeout')::interval`;
  while (Number(rowsOf<{ n: number }>(await db.execute(early))[0]!.n) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
}

/**
 * The ledger's lock order (docs/rules/ledger.md#lock-order) on two instances of one PostgreSQL
 * database. The test holds the head of the chain itself for a moment, so the steps it sends queue
 * behind it in a known order, then lets them go at once: the interleaving that deadlocked.
 */
describe('the ledger lock order across two instances', () => {
  const instances = useTwoInstances();

  /** Alice proposes with $10 of cash on her card; Bob accepts: an accepted trade holding her card. */
  async function acceptedWithCash() {
    const { instanceA } = instances();
    const alice = await memberWithSneakers(instanceA, 'alice');
    const bob = await memberWithSneakers(instanceA, 'bob');
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), proposerCashCents: 1000, cashCard: GOOD_CARD });
    expect(proposed.status).toBe(201);
    const tradeId = proposed.body.id as number;
    expect((await bob.post(`/api/trades/${tradeId}/accept`)).status).toBe(200);
    return { alice, bob, tradeId };
  }

  it('a money step writing a trade’s entry while that trade ships: both go through, neither ends in a deadlock or a 500', async () => {
    const { instanceA, appB } = instances();
    const db = instanceA.ctx.db;
    const { alice, bob, tradeId } = await acceptedWithCash();
    await chooseShipTos(tradeId, alice);
    const [held] = await db.select().from(cashAuthorizations).where(eq(cashAuthorizations.tradeId, tradeId));

    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    let headTaken!: () => void;
    const taken = new Promise<void>((resolve) => (headTaken = resolve));
    const holder = db.transaction(async (tx) => {
      await lockLedgerHead(tx);
      headTaken();
      await gate;
    });
    await taken;
    // First in line for the head: B re-authorizes Alice's hold (its entries reference the trade).
    const reauthorized = reauthorizeCash(appB.ctx, held!.id);
    await untilWaiting(db, 1);
    // Then Bob ships on A: his transition holds the trade and wants the head too.
    const shipped = bob.post(`/api/trades/${tradeId}/ship`, { trackingNumber: TRACKING.ups });
    await untilWaiting(db, 2);
    // Were there a cycle once the head is free, the re-authorization (which nothing runs again) would
    // close it and be the one ended.
    await untilPastDeadlockCheck(db);
    letGo();
    await holder;

    const [ship, reauth] = await Promise.allSettled([shipped, reauthorized]);
    expect(ship.status === 'fulfilled' && [ship.value.status, ship.value.body.receiverShippedAt !== null]).toEqual([200, true]);
    expect(reauth.status === 'rejected' ? String(reauth.reason) : 'fulfilled').toBe('fulfilled');
    const auths = await db.select().from(cashAuthorizations).where(eq(cashAuthorizations.tradeId, tradeId)).orderBy(cashAuthorizations.id);
    expect(auths.map((a) => [a.status, a.replacesId])).toEqual([
      ['released', null],
      ['authorized', held!.id],
    ]);
    expect(await moneyViolations(db)).toEqual([]);
    expect(await verifyLedger(instanceA.ctx)).toMatchObject({ valid: true });
  });

  /**
   * Makes the request `send` starts the victim of a deadlock: the test holds the head, waits until the
   * request (holding the trade's row) waits for it, then asks for the trade's row itself, against the
   * lock order. The test's session never gives up (a long deadlock_timeout), so PostgreSQL ends the
   * request's transaction; the test then lets go, for the request to go through if it is run again.
   */
  async function asDeadlockVictim(tradeId: number, send: () => Promise<{ status: number; body: Record<string, unknown> }>) {
    const { instanceA } = instances();
    const db = instanceA.ctx.db;
    const { answer } = await db.transaction(async (tx) => {
      await tx.execute(sql`set local deadlock_timeout = '10min'`);
      await lockLedgerHead(tx);
      const sent = { answer: send() };
      await untilWaiting(db, 1);
      await tx.execute(sql`select id from trades where id = ${tradeId}::int for key share`);
      return sent;
    });
    return answer;
  }

  it('an acceptance and a ship PostgreSQL ends to break a deadlock run again and answer 200, never 500', async () => {
    const { instanceA } = instances();
    const alice = await memberWithSneakers(instanceA, 'alice');
    const bob = await memberWithSneakers(instanceA, 'bob');
    const proposed = await alice.post('/api/trades', proposal(alice, bob));
    const tradeId = proposed.body.id as number;

    const accepted = await asDeadlockVictim(tradeId, () => bob.post(`/api/trades/${tradeId}/accept`));
    expect([accepted.status, accepted.body.status]).toEqual([200, 'accepted']);

    await chooseShipTos(tradeId, alice as TestClient);
    const shipped = await asDeadlockVictim(tradeId, () => bob.post(`/api/trades/${tradeId}/ship`, { trackingNumber: TRACKING.usps }));
    expect([shipped.status, shipped.body.status]).toEqual([200, 'accepted']);
    expect(shipped.body.receiverShippedAt).not.toBeNull();
    expect(await verifyLedger(instanceA.ctx)).toMatchObject({ valid: true });
  });
});
