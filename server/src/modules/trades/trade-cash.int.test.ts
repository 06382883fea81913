import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cashAuthorizations, escrowLocks, ledgerEntries } from '../../db/schema/index';
import { useTestApp } from '../../../test/test-app';
import { JOB_HANDLERS } from '../register-jobs';
import { shipAndReceive, expectLedgerValidAfterAll, memberWithSneakers, proposal } from './trades.int-helpers';
import { moneyViolations } from './protection-holds.int-helpers';

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '2040', cvc: '123' };
const DECLINED_CARD = { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' };

describe('cash in trades (sandbox provider)', () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);

  const db = () => testApp().ctx.db;
  const authorizationsOf = (tradeId: number) => db().select().from(cashAuthorizations).where(eq(cashAuthorizations.tradeId, tradeId));
  const cashLedgerOf = async (tradeId: number) =>
    (await db().select().from(ledgerEntries).where(eq(ledgerEntries.tradeId, tradeId)).orderBy(ledgerEntries.id))
      .map((e) => e.event)
      .filter((e) => e.startsWith('cash_'));
  /** Cash is settled after the step commits: wait for the listener. */
  const settled = () => testApp().ctx.events.idle();

  async function pair() {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    return { alice, bob };
  }

  /** The money invariants, each capture judged by its trade's ending (protection-holds.int-helpers.ts). */
  const expectMoneySound = async () => expect(await moneyViolations(db())).toEqual([]);

  it('proposer cash: authorized once at acceptance, captured at completion, credited to the receiver', async () => {
    const { alice, bob } = await pair();
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), proposerCashCents: 2500, cashCard: GOOD_CARD });
    expect(proposed.status).toBe(201);
    expect(proposed.body).toMatchObject({ proposerCashCents: 2500, receiverCashCents: 0, cash: { payerId: alice.user.id, amountCents: 2500 } });
    expect(JSON.stringify(proposed.body)).not.toContain('4242424242424242');
    expect(await authorizationsOf(proposed.body.id)).toEqual([]);

    const accepted = await bob.post(`/api/trades/${proposed.body.id}/accept`);
    expect(accepted.status).toBe(200);
    expect((await authorizationsOf(proposed.body.id)).map((a) => a.status)).toEqual(['authorized']);
    // Seen by both parties.
    expect((await bob.get(`/api/trades/${proposed.body.id}`)).body).toMatchObject({ proposerCashCents: 2500, cash: { payeeId: bob.user.id } });

    await shipAndReceive(proposed.body.id, alice, bob);
    await settled();
    expect((await authorizationsOf(proposed.body.id)).map((a) => a.status)).toEqual(['captured']);
    const wallet = await bob.get('/api/wallet');
    expect(wallet.body).toMatchObject({ balanceCents: 2500, entries: [{ kind: 'trade_cash_credit', amountCents: 2500, tradeId: proposed.body.id }] });
    expect((await alice.get('/api/wallet')).body.balanceCents).toBe(0);
    expect(await cashLedgerOf(proposed.body.id)).toEqual(['cash_authorize', 'cash_capture']);

    // The settle job finds nothing left to do: no second capture, no second credit.
    await JOB_HANDLERS['trades.settle-cash']!(testApp().ctx, {});
    expect((await bob.get('/api/wallet')).body.balanceCents).toBe(2500);
    await expectMoneySound();
  });

  it('receiver cash asked in a counter-offer: the receiver pays with a card at acceptance', async () => {
    const { alice, bob } = await pair();
    const proposed = await alice.post('/api/trades', proposal(alice, bob));
    // Bob counters, adding $40 from his side.
    const counter = await bob.post(`/api/trades/${proposed.body.id}/counter`, {
      proposerSneakerIds: [bob.sneakers[0]!.id],
      receiverSneakerIds: [alice.sneakers[0]!.id],
      proposerCashCents: 4000,
      cashCard: GOOD_CARD,
    });
    expect(counter.status).toBe(201);
    expect(counter.body).toMatchObject({ proposerCashCents: 4000, cash: { payerId: bob.user.id, payeeId: alice.user.id } });
    const accepted = await alice.post(`/api/trades/${counter.body.id}/accept`);
    expect(accepted.status).toBe(200);
    await shipAndReceive(counter.body.id, alice, bob);
    await settled();
    expect((await alice.get('/api/wallet')).body.balanceCents).toBe(4000);

    // A proposal asking the receiver for cash: the receiver's card comes with the acceptance.
    const { alice: cy, bob: dee } = await pair();
    const asked = await cy.post('/api/trades', { ...proposal(cy, dee), receiverCashCents: 1000 });
    expect(asked.status).toBe(201);
    const withoutCard = await dee.post(`/api/trades/${asked.body.id}/accept`);
    expect(withoutCard.status).toBe(400);
    expect(withoutCard.body.fields).toHaveProperty('cashCard');
    expect((await dee.post(`/api/trades/${asked.body.id}/accept`, { cashCard: GOOD_CARD })).status).toBe(200);
    expect((await authorizationsOf(asked.body.id)).map((a) => [a.payerId, a.status])).toEqual([[dee.user.id, 'authorized']]);
    await expectMoneySound();
  });

  it('a declined card fails the acceptance with 402 and locks nothing', async () => {
    const { alice, bob } = await pair();
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), proposerCashCents: 3000, cashCard: DECLINED_CARD });
    const refused = await bob.post(`/api/trades/${proposed.body.id}/accept`);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'PAYMENT_DECLINED' });
    expect((await bob.get(`/api/trades/${proposed.body.id}`)).body).toMatchObject({ status: 'pending' });
    expect(await db().select().from(escrowLocks).where(eq(escrowLocks.tradeId, proposed.body.id))).toEqual([]);
    expect((await authorizationsOf(proposed.body.id)).map((a) => a.status)).toEqual(['declined']);
  });

  it('releases the hold when both sides cancel an accepted trade', async () => {
    const { alice, bob } = await pair();
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), proposerCashCents: 1500, cashCard: GOOD_CARD });
    await bob.post(`/api/trades/${proposed.body.id}/accept`);
    for (const side of [alice, bob]) expect((await side.post(`/api/trades/${proposed.body.id}/cancel`)).status).toBe(200);
    await settled();
    expect((await authorizationsOf(proposed.body.id)).map((a) => a.status)).toEqual(['released']);
    expect((await bob.get('/api/wallet')).body.balanceCents).toBe(0);
    expect(await cashLedgerOf(proposed.body.id)).toEqual(['cash_authorize', 'cash_release']);
    await expectMoneySound();
  });

  it('a dispute resolved as completed captures the cash; one resolved as cancelled releases it', async () => {
    const admin = await memberWithSneakers(testApp(), 'admin', 0, 'admin');
    const outcomes: Array<['completed' | 'cancelled', string, number]> = [
      ['completed', 'captured', 2000],
      ['cancelled', 'released', 0],
    ];
    for (const [outcome, status, credited] of outcomes) {
      const { alice, bob } = await pair();
      const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), proposerCashCents: 2000, cashCard: GOOD_CARD });
      await bob.post(`/api/trades/${proposed.body.id}/accept`);
      expect((await alice.post(`/api/trades/${proposed.body.id}/dispute`, { reason: 'The box never arrived' })).status).toBe(200);
      const resolved = await admin.post(`/api/trades/${proposed.body.id}/resolve`, { outcome });
      expect(resolved.status).toBe(200);
      await settled();
      expect((await authorizationsOf(proposed.body.id)).map((a) => a.status)).toEqual([status]);
      expect((await bob.get('/api/wallet')).body.balanceCents).toBe(credited);
    }
    await expectMoneySound();
  });

  it('refuses cash on both sides, in part-dollars or above the cap, and proposer cash without a card', async () => {
    const { alice, bob } = await pair();
    const base = proposal(alice, bob);
    const both = await alice.post('/api/trades', { ...base, proposerCashCents: 1000, receiverCashCents: 1000, cashCard: GOOD_CARD });
    expect(both.status).toBe(400);
    expect(both.body.fields).toHaveProperty('receiverCashCents');
    expect((await alice.post('/api/trades', { ...base, proposerCashCents: 1050, cashCard: GOOD_CARD })).status).toBe(400);
    expect((await alice.post('/api/trades', { ...base, proposerCashCents: 5_000_000, cashCard: GOOD_CARD })).status).toBe(400);
    const noCard = await alice.post('/api/trades', { ...base, proposerCashCents: 1000 });
    expect(noCard.status).toBe(400);
    expect(noCard.body.fields).toHaveProperty('cashCard');
  });
});
