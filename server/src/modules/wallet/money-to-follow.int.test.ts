import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payoutBankAccounts, payouts } from '../../db/schema/index';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';
import { memberWithSneakers, proposal, shipAndReceive } from '../trades/trades.int-helpers';
import { insertWalletMovement } from './wallet.repository';

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '2040', cvc: '123' };
/** A real routing number's shape (Stripe's test bank: its check digit adds up). */
const BANK = { holderName: 'Ann Payee', routingNumber: '110000000', accountNumber: '000123456789' };

/** Issue #42, "money a member can follow": what the payer's card went through, and where a withdrawal goes. */
describe('money a member can follow', () => {
  const testApp = useTestApp();
  const settled = () => testApp().ctx.events.idle();
  let counter = 0;

  it("lists the authorization, then the capture, on the payer's card holds; the payee's card has none", async () => {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), proposerCashCents: 2500, cashCard: GOOD_CARD });
    expect(proposed.status).toBe(201);
    expect((await alice.get('/api/wallet/card-holds')).body).toEqual({ items: [], nextCursor: null });

    expect((await bob.post(`/api/trades/${proposed.body.id}/accept`)).status).toBe(200);
    const held = await alice.get('/api/wallet/card-holds');
    expect(held.status).toBe(200);
    expect(held.body.items).toMatchObject([
      {
        purpose: 'trade_cash',
        amountCents: 2500,
        status: 'authorized',
        tradeId: proposed.body.id,
        payeeName: bob.user.username,
        steps: [{ step: 'authorized' }],
      },
    ]);

    await shipAndReceive(proposed.body.id, alice, bob);
    await settled();
    const captured = await alice.get('/api/wallet/card-holds');
    expect(captured.body.items).toHaveLength(1);
    expect(captured.body.items[0]).toMatchObject({ status: 'captured', steps: [{ step: 'authorized' }, { step: 'captured' }] });
    expect((await bob.get('/api/wallet/card-holds')).body.items).toEqual([]);
  });

  it('pages the card holds newest first, and keeps other members out', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice', 3);
    const bob = await memberWithSneakers(testApp(), 'bob', 3);
    const ids: number[] = [];
    for (const index of [0, 1, 2]) {
      const body = {
        proposerSneakerIds: [alice.sneakers[index]!.id],
        receiverSneakerIds: [bob.sneakers[index]!.id],
        receiverId: bob.user.id,
        proposerCashCents: 1000 * (index + 1),
        cashCard: GOOD_CARD,
      };
      const proposed = await alice.post('/api/trades', body);
      expect(proposed.status).toBe(201);
      expect((await bob.post(`/api/trades/${proposed.body.id}/accept`)).status).toBe(200);
      ids.push(proposed.body.id);
    }
    const first = await alice.get('/api/wallet/card-holds?limit=2');
    expect(first.body.items.map((h: { tradeId: number }) => h.tradeId)).toEqual([ids[2], ids[1]]);
    const second = await alice.get(`/api/wallet/card-holds?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body).toMatchObject({ items: [{ tradeId: ids[0], amountCents: 1000 }], nextCursor: null });
    expect((await new TestClient(testApp().app).get('/api/wallet/card-holds')).status).toBe(401);
    expect((await alice.get('/api/wallet/card-holds?limit=0')).status).toBe(400);
  });

  describe('a withdrawal asks where the money goes', () => {
    async function memberWithBalance(cents: number) {
      const { app, ctx } = testApp();
      const name = `dest${(counter += 1)}`;
      const member = await signIn(app, { email: `${name}@example.com`, username: name });
      await ctx.db.transaction((tx) =>
        insertWalletMovement(tx, {
          userId: member.user.id,
          kind: 'trade_cash_credit',
          amountCents: cents,
          authorizationId: 80_000 + counter,
          at: ctx.now(),
        }),
      );
      return member;
    }

    it('refuses a withdrawal with no destination (409 PAYOUT_ACCOUNT_MISSING) and moves nothing', async () => {
      const ann = await memberWithBalance(5000);
      expect((await ann.get('/api/wallet/payout-destination')).body).toEqual({ provider: 'sandbox', destination: null });
      const refused = await ann.post('/api/wallet/withdrawals', { amountCents: 1000 });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('PAYOUT_ACCOUNT_MISSING');
      expect(refused.body.message).toMatch(/bank account/);
      expect((await ann.get('/api/wallet')).body.balanceCents).toBe(5000);
    });

    it('keeps a bank account as its last four digits and a token, and pays the withdrawal to it', async () => {
      const bo = await memberWithBalance(5000);
      const given = await bo.put('/api/wallet/payout-destination', BANK);
      expect(given.status).toBe(200);
      expect(given.body).toEqual({ provider: 'sandbox', destination: { kind: 'bank_account', holderName: 'Ann Payee', last4: '6789' } });
      expect(JSON.stringify(given.body)).not.toContain('000123456789');
      const [stored] = await testApp().ctx.db.select().from(payoutBankAccounts).where(eq(payoutBankAccounts.userId, bo.user.id));
      expect(JSON.stringify(stored)).not.toContain('123456789');
      expect(stored!.token).toMatch(/^ba_sandbox_/);

      const paid = await bo.post('/api/wallet/withdrawals', { amountCents: 1000 });
      expect(paid.status).toBe(201);
      expect(paid.body.status).toBe('paid');
      const [payout] = await testApp().ctx.db.select().from(payouts).where(eq(payouts.userId, bo.user.id));
      expect(payout!.destination).toBe(stored!.token);

      // Another account replaces it.
      const other = await bo.put('/api/wallet/payout-destination', { ...BANK, accountNumber: '1111-2222-4321' });
      expect(other.body.destination).toMatchObject({ last4: '4321' });
    });

    it('refuses a routing number whose check digit is wrong, or an account number that is not 4 to 17 digits, with 400', async () => {
      const cy = await memberWithBalance(1000);
      const badRouting = await cy.put('/api/wallet/payout-destination', { ...BANK, routingNumber: '110000001' });
      expect(badRouting.status).toBe(400);
      expect(badRouting.body.fields).toHaveProperty('routingNumber');
      const badAccount = await cy.put('/api/wallet/payout-destination', { ...BANK, accountNumber: '12a' });
      expect(badAccount.status).toBe(400);
      expect(badAccount.body.fields).toHaveProperty('accountNumber');
      expect((await cy.get('/api/wallet/payout-destination')).body.destination).toBeNull();
    });
  });
});
