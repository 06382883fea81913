import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema/index';
import { useTestApp } from '../../../test/test-app';
import { DECLINED_CARD, GOOD_CARD, protectionHoldsOf } from './protection-holds.int-helpers';
import { memberWithSneakers, proposal } from './trades.int-helpers';

type Notice = { kind: string; text: string; link: string };

/** Issue #42: a decline at acceptance names whose card failed, tells that member, and asks no other card. */
describe('a card declined at acceptance', () => {
  const testApp = useTestApp({ PROTECTION_HOLD_COMPLETED_TRADES: '3', PROTECTION_HOLD_MIN_VALUE_CENTS: '20000' });
  const noticesOf = async (member: { get: (url: string) => Promise<{ body: { items: Notice[] } }> }) => {
    await testApp().ctx.events.idle();
    return (await member.get('/api/notifications')).body.items.filter((n) => n.kind === 'trade.card-declined');
  };

  async function newcomers() {
    return { alice: await memberWithSneakers(testApp(), 'alice'), bob: await memberWithSneakers(testApp(), 'bob') };
  }

  it("names the proposer's card to the receiver, tells the proposer, and lets them give another card", async () => {
    const { alice, bob } = await newcomers();
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), cashCard: DECLINED_CARD });
    expect(proposed.status).toBe(201);
    const tradeId = proposed.body.id as number;

    const refused = await bob.post(`/api/trades/${tradeId}/accept`, { cashCard: GOOD_CARD });
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('PAYMENT_DECLINED');
    expect(refused.body.message).toContain(`${alice.user.username}'s card was declined`);
    expect(refused.body.message).not.toMatch(/^Your card/);
    expect(refused.body.fields).toBeUndefined();

    const [notice, ...more] = await noticesOf(alice);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ link: `/trades?trade=${tradeId}` });
    expect(notice!.text).toContain(`${bob.user.username} tried to accept trade #${tradeId}, but your card was declined`);
    expect(await noticesOf(bob)).toEqual([]);

    // Only the proposer gives another card; then the acceptance goes through.
    expect((await bob.post(`/api/trades/${tradeId}/card`, { cashCard: GOOD_CARD })).status).toBe(403);
    const given = await alice.post(`/api/trades/${tradeId}/card`, { cashCard: GOOD_CARD });
    expect(given.status).toBe(200);
    expect((await bob.post(`/api/trades/${tradeId}/accept`, { cashCard: GOOD_CARD })).status).toBe(200);
    expect((await alice.post(`/api/trades/${tradeId}/card`, { cashCard: GOOD_CARD })).status).toBe(409);
  });

  it("does not ask the receiver's card once the proposer's was declined: nothing is held on it, even for a moment", async () => {
    const { alice, bob } = await newcomers();
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), cashCard: DECLINED_CARD });
    const tradeId = proposed.body.id as number;
    expect((await bob.post(`/api/trades/${tradeId}/accept`, { cashCard: GOOD_CARD })).status).toBe(402);

    const ledger = await testApp().ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.tradeId, tradeId));
    // Bob's intent is let go unasked: no authorization was ever recorded for it.
    expect(ledger.map((e) => e.event).filter((e) => e === 'hold_authorize')).toEqual([]);
    expect((await protectionHoldsOf(testApp().ctx.db, tradeId)).map((h) => [h[0], h[3]])).toEqual([
      [alice.user.id, 'declined'],
      [bob.user.id, 'released'],
    ]);
    // Bob's wallet shows no hold on his card; Alice's shows the declined one.
    expect((await bob.get('/api/wallet/card-holds')).body.items).toEqual([]);
    expect((await alice.get('/api/wallet/card-holds')).body.items).toMatchObject([
      { status: 'declined', purpose: 'protection_hold', steps: [{ step: 'declined' }] },
    ]);
  });

  it("gives the receiver their own card's decline as it is, and tells the proposer nothing", async () => {
    const { alice, bob } = await newcomers();
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), cashCard: GOOD_CARD });
    const refused = await bob.post(`/api/trades/${proposed.body.id}/accept`, { cashCard: DECLINED_CARD });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe('Your card was declined.');
    expect(refused.body.fields).toEqual({ cashCard: 'Your card was declined.' });
    expect(await noticesOf(alice)).toEqual([]);
  });
});
