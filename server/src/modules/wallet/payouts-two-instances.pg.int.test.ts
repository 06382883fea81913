import { describe, expect, it } from 'vitest';
import { wallets } from '../../db/schema/index';
import { TestClient } from '../../../test/test-app';
import { useTwoInstances } from '../../../test/two-instances';
import { memberWithSneakers, proposal } from '../trades/trades.int-helpers';
import { moneyViolations, seededCaptures } from '../trades/protection-holds.int-helpers';
import { insertWalletMovement } from './wallet.repository';

/** Two instances on one PostgreSQL database, racing withdrawals and wallet-paid cash over one balance. */
describe('the wallet balance across two instances', () => {
  const instances = useTwoInstances();

  async function expectMoneySound(db: ReturnType<typeof instances>['instanceA']['ctx']['db'], seeded: Set<number>) {
    // The balances seeded here stand for captures made elsewhere.
    expect(await moneyViolations(db, await seededCaptures(db, (id) => seeded.has(id)))).toEqual([]);
    expect((await db.select().from(wallets)).every((w) => w.balanceCents >= 0)).toBe(true);
  }

  it('pays out at most the balance when withdrawals race on both instances', async () => {
    const { instanceA, appB } = instances();
    const eve = await memberWithSneakers(instanceA, 'eve', 0);
    const eveOnB = Object.assign(new TestClient(appB), { cookie: eve.cookie });
    const at = new Date();
    await instanceA.ctx.db.transaction((tx) =>
      insertWalletMovement(tx, { userId: eve.user.id, kind: 'trade_cash_credit', amountCents: 5000, authorizationId: 990_001, at }),
    );

    const answers = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) => (i % 2 === 0 ? eve : eveOnB).post('/api/wallet/withdrawals', { amountCents: 2000 })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'INSUFFICIENT_BALANCE')).toBe(true);
    expect((await eveOnB.get('/api/wallet')).body.balanceCents).toBe(1000);
    expect((await eve.get('/api/wallet/withdrawals')).body.items.map((p: { status: string }) => p.status)).toEqual(['paid', 'paid']);
    await expectMoneySound(instanceA.ctx.db, new Set([990_001]));
  });

  it('never spends one balance twice when a wallet-paid acceptance races withdrawals on the other instance', async () => {
    const { instanceA, appB } = instances();
    const alice = await memberWithSneakers(instanceA, 'alice');
    const bob = await memberWithSneakers(instanceA, 'bob');
    const bobOnB = Object.assign(new TestClient(appB), { cookie: bob.cookie });
    const at = new Date();
    await instanceA.ctx.db.transaction((tx) =>
      insertWalletMovement(tx, { userId: bob.user.id, kind: 'trade_cash_credit', amountCents: 3000, authorizationId: 990_002, at }),
    );
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), receiverCashCents: 2000 });
    expect(proposed.status).toBe(201);

    const [accepted, ...withdrawals] = await Promise.all([
      bob.post(`/api/trades/${proposed.body.id}/accept`, { cashSource: 'wallet' }),
      bobOnB.post('/api/wallet/withdrawals', { amountCents: 2000 }),
      bobOnB.post('/api/wallet/withdrawals', { amountCents: 2000 }),
    ]);
    // 3000 covers one of the three 2000 debits, whichever commits first.
    expect([accepted, ...withdrawals].filter((a) => a.status === 200 || a.status === 201)).toHaveLength(1);
    expect([accepted, ...withdrawals].filter((a) => a.status === 409).every((a) => a.body.code === 'INSUFFICIENT_BALANCE')).toBe(true);
    expect((await bob.get('/api/wallet')).body.balanceCents).toBe(1000);
    expect((await alice.get(`/api/trades/${proposed.body.id}`)).body.status).toBe(accepted.status === 200 ? 'accepted' : 'pending');
    await instanceA.ctx.events.idle();
    await expectMoneySound(instanceA.ctx.db, new Set([990_001, 990_002]));
  });
});
