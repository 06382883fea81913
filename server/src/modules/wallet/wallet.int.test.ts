import { describe, expect, it } from 'vitest';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';
import { insertWalletMovement } from './wallet.repository';

describe('GET /api/wallet', () => {
  const testApp = useTestApp();
  let counter = 0;

  async function member(name = `w${(counter += 1)}`) {
    return signIn(testApp().app, { email: `${name}@example.com`, username: name });
  }

  async function credit(userId: string, amountCents: number, authorizationId: number) {
    const { ctx } = testApp();
    return ctx.db.transaction((tx) => insertWalletMovement(tx, { userId, kind: 'trade_cash_credit', amountCents, authorizationId, at: ctx.now() }));
  }

  it('is for signed-in members only', async () => {
    expect((await new TestClient(testApp().app).get('/api/wallet')).status).toBe(401);
  });

  it('shows a new member an empty wallet at zero', async () => {
    const ann = await member();
    const wallet = await ann.get('/api/wallet');
    expect(wallet.status).toBe(200);
    expect(wallet.body).toEqual({ balanceCents: 0, currency: 'usd', entries: [], nextCursor: null });
  });

  it("lists the member's own entries newest first, a page at a time, with the balance they add up to", async () => {
    const bo = await member();
    const cy = await member();
    for (const [index, cents] of [1000, 2500, 500].entries()) await credit(bo.user.id, cents, 9_000 + index);
    await credit(cy.user.id, 7000, 9_100);

    const first = await bo.get('/api/wallet?limit=2');
    expect(first.body.balanceCents).toBe(4000);
    expect(first.body.entries.map((e: { amountCents: number }) => e.amountCents)).toEqual([500, 2500]);
    expect(first.body.entries[0]).toMatchObject({ kind: 'trade_cash_credit', tradeId: null });
    const second = await bo.get(`/api/wallet?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.entries.map((e: { amountCents: number }) => e.amountCents)).toEqual([1000]);
    expect(second.body.nextCursor).toBeNull();
  });

  it('credits one authorization once, however often the credit is applied', async () => {
    const dee = await member();
    expect(await credit(dee.user.id, 1200, 9_200)).not.toBeNull();
    expect(await credit(dee.user.id, 1200, 9_200)).toBeNull();
    const wallet = await dee.get('/api/wallet');
    expect(wallet.body.balanceCents).toBe(1200);
    expect(wallet.body.entries).toHaveLength(1);
  });

  it('never lets a debit take the balance below zero', async () => {
    const eve = await member();
    const { ctx } = testApp();
    await credit(eve.user.id, 1000, 9_300);
    const debit = (amountCents: number) =>
      ctx.db.transaction((tx) => insertWalletMovement(tx, { userId: eve.user.id, kind: 'payout', amountCents: -amountCents, at: ctx.now() }));
    await expect(debit(1500)).rejects.toThrow();
    await debit(1000);
    expect((await eve.get('/api/wallet')).body.balanceCents).toBe(0);
  });

  it('refuses a cursor or a limit that is not a number in range with 400', async () => {
    const fay = await member();
    expect((await fay.get('/api/wallet?cursor=abc')).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await fay.get('/api/wallet?limit=500')).status).toBe(400);
  });
});
