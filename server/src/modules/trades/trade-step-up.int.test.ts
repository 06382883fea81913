import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterEach, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '@soleswap/contracts/time';
import { buildSneaker } from '../../../test/factories';
import { signIn, useTestApp, type TestClient } from '../../../test/test-app';
import { sneakers, trades } from '../../db/schema/index';

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '2040', cvc: '123' };

/**
 * Issue #39: step-up judged a trade on its pairs' estimates as they stood, without the cash: a
 * session without the second factor lowered its own pair's estimate and proposed the high-value
 * trade, and up to $500 of cash was not counted. Now a pair counts at the highest estimate it had
 * in the last 10 minutes and a side's cash counts with its pairs (threshold: $200 by default).
 */
describe('step-up judges a trade on its value over the last 10 minutes, cash included (issue #39)', () => {
  const testApp = useTestApp();
  let clock = Date.now();
  const setClock = (at: number) => {
    clock = at;
    testApp().ctx.now = () => new Date(clock);
  };
  afterEach(() => {
    testApp().ctx.now = () => new Date();
  });

  const member = () => signIn(testApp().app, { email: `step-up-${randomUUID()}@example.com` });
  /** Enrols TOTP; the factor is recent until the clock moves on. */
  async function enrolTotp(client: TestClient) {
    const setup = await client.post('/api/two-factor/totp/setup');
    const code = generateSync({ secret: setup.body.secret, epoch: Math.floor(clock / 1000) });
    expect((await client.post('/api/two-factor/totp/confirm', { code })).status).toBe(200);
  }
  const tradesProposedBy = async (userId: string) => testApp().ctx.db.select().from(trades).where(eq(trades.proposerId, userId));

  /**
   * Ben (a second factor, last used 11 minutes ago) edits his pair (`pair`) with `edit`, which takes
   * the trade under the threshold: proposing it is refused with STEP_UP_REQUIRED for 10 minutes
   * after the change, then goes through.
   */
  async function expectLoweredPairCountsForTenMinutes(pair: Partial<typeof sneakers.$inferInsert>, edit: Record<string, string>) {
    setClock(Date.now());
    const ben = await member();
    const ann = await member();
    const bensPair = await buildSneaker(testApp().ctx, { userId: ben.user.id, ...pair });
    const annsPair = await buildSneaker(testApp().ctx, { userId: ann.user.id, estimatedValue: '150.00' });
    await enrolTotp(ben);
    setClock(clock + 11 * MINUTE_MS);
    const body = { receiverId: ann.user.id, proposerSneakerIds: [bensPair.id], receiverSneakerIds: [annsPair.id] };

    // The session has no recent second factor: it lowers its own pair under the threshold, then proposes.
    const lowered = await ben.put(`/api/sneakers/${bensPair.id}`, edit);
    expect(lowered.status).toBe(200);
    expect(lowered.body).toMatchObject(edit);
    setClock(clock + 9 * MINUTE_MS);
    const refused = await ben.post('/api/trades', body);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('STEP_UP_REQUIRED');
    expect(await tradesProposedBy(ben.user.id)).toEqual([]);

    // Ten minutes after the change, the pair counts at what it is worth now.
    setClock(clock + 2 * MINUTE_MS);
    expect((await ben.post('/api/trades', body)).status).toBe(201);
  }

  it('a pair whose estimate was lowered counts at its old value for 10 minutes: the proposal is refused with STEP_UP_REQUIRED', async () => {
    await expectLoweredPairCountsForTenMinutes({ estimatedValue: '450.00' }, { estimatedValue: '100.00' });
  });

  it('a pair valued at market whose condition was lowered counts at its old market value for 10 minutes (issue #42)', async () => {
    // $300 at market: deadstock (10) is $300, condition 5 is $150. Its estimate ($50) moves nothing.
    await expectLoweredPairCountsForTenMinutes({ condition: '10.0', estimatedValue: '50.00', marketPrice: '300.00' }, { condition: '5.0' });
  });

  it('cash that takes a side over the threshold asks for the second factor, at the proposal and at the acceptance', async () => {
    setClock(Date.now());
    const ben = await member();
    const ann = await member();
    const bensPair = await buildSneaker(testApp().ctx, { userId: ben.user.id, estimatedValue: '150.00' });
    const annsPair = await buildSneaker(testApp().ctx, { userId: ann.user.id, estimatedValue: '150.00' });
    await enrolTotp(ben);
    await enrolTotp(ann);
    setClock(clock + 11 * MINUTE_MS);
    const pairs = { receiverId: ann.user.id, proposerSneakerIds: [bensPair.id], receiverSneakerIds: [annsPair.id] };

    // $150 of pairs plus $100 of cash is a $250 side.
    const withCash = await ben.post('/api/trades', { ...pairs, proposerCashCents: 10_000, cashCard: GOOD_CARD });
    expect(withCash.status).toBe(403);
    expect(withCash.body.code).toBe('STEP_UP_REQUIRED');
    expect(await tradesProposedBy(ben.user.id)).toEqual([]);
    // The same pairs without the cash stay under the threshold.
    const pairsOnly = await ben.post('/api/trades', pairs);
    expect(pairsOnly.status).toBe(201);

    // A trade asking the receiver for $100 (proposed by a member without a second factor): accepting it asks Ann.
    const cal = await member();
    const calsPair = await buildSneaker(testApp().ctx, { userId: cal.user.id, estimatedValue: '150.00' });
    const annsOther = await buildSneaker(testApp().ctx, { userId: ann.user.id, estimatedValue: '150.00' });
    const asked = await cal.post('/api/trades', {
      receiverId: ann.user.id,
      proposerSneakerIds: [calsPair.id],
      receiverSneakerIds: [annsOther.id],
      receiverCashCents: 10_000,
    });
    expect(asked.status).toBe(201);
    const accept = await ann.post(`/api/trades/${asked.body.id}/accept`, { cashCard: GOOD_CARD });
    expect(accept.status).toBe(403);
    expect(accept.body.code).toBe('STEP_UP_REQUIRED');
    expect((await testApp().ctx.db.select().from(trades).where(eq(trades.id, asked.body.id)))[0]!.status).toBe('pending');
  });
});
