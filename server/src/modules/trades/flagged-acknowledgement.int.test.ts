import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildSneaker } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { useTestApp } from '../../../test/test-app';
import { expectLedgerValidAfterAll, memberWithSneakers, proposal } from './trades.int-helpers';

/** A pair the latest verification found not authentic (score below the line). */
async function flaggedPairOf(testApp: TestApp, userId: string) {
  return buildSneaker(testApp.ctx, {
    userId,
    name: 'Suspicious Dunk Low',
    isVerified: false,
    verificationScore: '0.41',
    lastVerificationDate: new Date(),
  });
}

describe('a trade holding a pair flagged for review (issue #28)', () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);

  it('shows the pair as "Flagged for review" in the sneaker and trade views', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const flagged = await flaggedPairOf(testApp(), bob.user.id);

    const card = await alice.get(`/api/sneakers/${flagged.id}`);
    expect(card.body.verdict).toMatchObject({ status: 'flagged', label: 'Flagged for review', score: '0.41', isStale: false });

    const res = await alice.post('/api/trades', { ...proposal(alice, bob, { take: [flagged.id] }), acknowledgeFlagged: true });
    expect(res.status).toBe(201);
    expect(res.body.receiverSneakers[0].verdict).toMatchObject({ status: 'flagged', label: 'Flagged for review' });
    expect(res.body.proposerSneakers[0].verdict).toMatchObject({ status: 'not_verified', label: 'Not verified' });
    // The receiver's list of trades shows it too (the page statement builds its own JSON).
    const list = await bob.get('/api/trades');
    const listed = list.body.find((t: { id: number }) => t.id === res.body.id);
    expect(listed.receiverSneakers[0].verdict).toMatchObject({ status: 'flagged', score: '0.41' });
  });

  it('refuses a proposal for a flagged pair without the acknowledgement, naming the pair, and stores nothing', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const flagged = await flaggedPairOf(testApp(), bob.user.id);

    const refused = await alice.post('/api/trades', proposal(alice, bob, { take: [flagged.id] }));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('TRADE_FLAGGED_UNACKNOWLEDGED');
    expect(refused.body.message).toContain(`Suspicious Dunk Low (#${flagged.id})`);
    expect(refused.body.fields.flaggedSneakerIds).toBe(String(flagged.id));
    expect((await bob.get('/api/trades')).body).toEqual([]);

    const sayingNo = await alice.post('/api/trades', { ...proposal(alice, bob, { take: [flagged.id] }), acknowledgeFlagged: false });
    expect(sayingNo.body.code).toBe('TRADE_FLAGGED_UNACKNOWLEDGED');

    const notABoolean = await alice.post('/api/trades', { ...proposal(alice, bob, { take: [flagged.id] }), acknowledgeFlagged: 'yes' });
    expect(notABoolean.status).toBe(400);
    expect(notABoolean.body.code).toBe('VALIDATION_FAILED');
  });

  it('records who acknowledged which pairs and when, on propose and on accept', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const flagged = await flaggedPairOf(testApp(), bob.user.id);

    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob, { take: [flagged.id] }), acknowledgeFlagged: true });
    expect(proposed.body.flaggedAcknowledgements).toEqual([
      { userId: alice.user.id, action: 'propose', sneakerIds: [flagged.id], at: expect.any(String) },
    ]);

    const refused = await bob.post(`/api/trades/${proposed.body.id}/accept`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('TRADE_FLAGGED_UNACKNOWLEDGED');
    expect((await bob.get(`/api/trades/${proposed.body.id}`)).body).toMatchObject({ status: 'pending', escrowStatus: 'pending' });

    const accepted = await bob.post(`/api/trades/${proposed.body.id}/accept`, { acknowledgeFlagged: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('accepted');
    expect(accepted.body.flaggedAcknowledgements.map((a: { userId: string; action: string }) => [a.userId, a.action])).toEqual([
      [alice.user.id, 'propose'],
      [bob.user.id, 'accept'],
    ]);
  });

  it('asks the receiver to acknowledge a pair flagged after the proposal was made', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const proposed = await alice.post('/api/trades', proposal(alice, bob));
    expect(proposed.status).toBe(201);
    expect(proposed.body.flaggedAcknowledgements).toEqual([]);
    // Verification of Alice's pair runs while Bob decides, and finds it not authentic.
    await testApp().ctx.db.execute(
      sql`update sneakers set is_verified = false, verification_score = 0.30, last_verification_date = now() where id = ${alice.sneakers[0]!.id}`,
    );
    const refused = await bob.post(`/api/trades/${proposed.body.id}/accept`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('TRADE_FLAGGED_UNACKNOWLEDGED');
  });

  it('refuses a counter-offer holding a flagged pair without the acknowledgement; the original stays pending', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const flagged = await flaggedPairOf(testApp(), alice.user.id);
    const proposed = await alice.post('/api/trades', proposal(alice, bob));
    const counter = { proposerSneakerIds: [bob.sneakers[0]!.id], receiverSneakerIds: [flagged.id] };

    const refused = await bob.post(`/api/trades/${proposed.body.id}/counter`, counter);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('TRADE_FLAGGED_UNACKNOWLEDGED');
    expect((await alice.get(`/api/trades/${proposed.body.id}`)).body.status).toBe('pending');

    const countered = await bob.post(`/api/trades/${proposed.body.id}/counter`, { ...counter, acknowledgeFlagged: true });
    expect(countered.status).toBe(201);
    expect(countered.body.flaggedAcknowledgements).toEqual([
      { userId: bob.user.id, action: 'counter', sneakerIds: [flagged.id], at: expect.any(String) },
    ]);
  });

  it('a trade without flagged pairs needs no acknowledgement (accept with no body)', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const proposed = await alice.post('/api/trades', proposal(alice, bob));
    const accepted = await bob.post(`/api/trades/${proposed.body.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.flaggedAcknowledgements).toEqual([]);
  });
});
