import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterEach, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '@soleswap/contracts/time';
import { signIn, useTestApp, type TestClient } from '../../../test/test-app';
import { payouts } from '../../db/schema/index';
import { insertWalletMovement } from './wallet.repository';
import { giveBankAccount } from './payout-destination.int-helpers';

/**
 * Issue #39: withdrawals had no step-up, so a session without the second factor could empty the
 * wallet. Now a member with a second factor withdraws only with one from the last 10 minutes,
 * whatever the amount.
 */
describe('step-up before a withdrawal (issue #39)', () => {
  const testApp = useTestApp();
  let clock = Date.now();
  const setClock = (at: number) => {
    clock = at;
    testApp().ctx.now = () => new Date(clock);
  };
  afterEach(() => {
    testApp().ctx.now = () => new Date();
  });
  const codeAt = (secret: string) => generateSync({ secret, epoch: Math.floor(clock / 1000) });

  let credits = 0;
  async function memberWithBalance(cents: number) {
    const { app, ctx } = testApp();
    const member = await signIn(app, { email: `withdraw-${randomUUID()}@example.com` });
    credits += 1;
    await ctx.db.transaction((tx) =>
      insertWalletMovement(tx, {
        userId: member.user.id,
        kind: 'trade_cash_credit',
        amountCents: cents,
        authorizationId: 90_000 + credits,
        at: ctx.now(),
      }),
    );
    await giveBankAccount(ctx, member.user.id);
    return member;
  }
  async function enrolTotp(client: TestClient) {
    const setup = await client.post('/api/two-factor/totp/setup');
    expect((await client.post('/api/two-factor/totp/confirm', { code: codeAt(setup.body.secret) })).status).toBe(200);
    return setup.body.secret as string;
  }
  const payoutsOf = (userId: string) => testApp().ctx.db.select().from(payouts).where(eq(payouts.userId, userId));
  const balanceOf = async (member: TestClient) => (await member.get('/api/wallet')).body.balanceCents as number;

  it('refuses a withdrawal with STEP_UP_REQUIRED, a small one too, and moves nothing; after a code the same call goes through', async () => {
    setClock(Date.now());
    const ann = await memberWithBalance(50_000);
    const secret = await enrolTotp(ann);
    setClock(clock + 11 * MINUTE_MS);

    for (const amountCents of [40_000, 1_000]) {
      const refused = await ann.post('/api/wallet/withdrawals', { amountCents }, { 'Idempotency-Key': `withdraw-${amountCents}` });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('STEP_UP_REQUIRED');
    }
    expect(await payoutsOf(ann.user.id)).toEqual([]);
    expect(await balanceOf(ann)).toBe(50_000);

    expect((await ann.post('/api/two-factor/verify', { code: codeAt(secret) })).status).toBe(200);
    // The web client sends the refused call again, with its Idempotency-Key, once the member gave their code.
    const paid = await ann.post('/api/wallet/withdrawals', { amountCents: 40_000 }, { 'Idempotency-Key': 'withdraw-40000' });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ amountCents: 40_000, status: 'paid' });
    expect(await balanceOf(ann)).toBe(10_000);
  });

  it('does not ask a member without a second factor', async () => {
    const ben = await memberWithBalance(5_000);
    const paid = await ben.post('/api/wallet/withdrawals', { amountCents: 5_000 });
    expect(paid.status).toBe(201);
    expect(await balanceOf(ben)).toBe(0);
  });
});
