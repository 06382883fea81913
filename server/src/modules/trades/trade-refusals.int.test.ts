import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { chooseShipTos, memberWithSneakers, proposal, shipBody } from './trades.int-helpers';

/** Each reason the state machine refuses for, as the member who tried is told it. */
describe('refused trade actions', () => {
  const testApp = useTestApp();

  async function pendingTrade() {
    const alice = await memberWithSneakers(testApp(), 'alice', 1);
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const trade = (await alice.post('/api/trades', proposal(alice, bob))).body;
    return { alice, bob, trade };
  }

  async function acceptedTrade() {
    const setup = await pendingTrade();
    expect((await setup.bob.post(`/api/trades/${setup.trade.id}/accept`)).status).toBe(200);
    await chooseShipTos(setup.trade.id, setup.alice, setup.bob);
    return setup;
  }

  it('refuses to ship until the other side chose where the parcel goes, naming what is missing', async () => {
    const { alice, bob, trade } = await pendingTrade();
    expect((await bob.post(`/api/trades/${trade.id}/accept`)).status).toBe(200);
    const early = await alice.post(`/api/trades/${trade.id}/ship`, shipBody());
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'TRADE_INVALID_TRANSITION', fields: { shipTo: expect.stringContaining('ship-to address') } });
    expect((await alice.get(`/api/trades/${trade.id}`)).body.proposerShippedAt).toBeNull();
    // Alice's own choice does not help her ship: Bob's is the one her parcel needs.
    await chooseShipTos(trade.id, alice);
    expect((await alice.post(`/api/trades/${trade.id}/ship`, shipBody())).status).toBe(409);
    expect((await bob.post(`/api/trades/${trade.id}/ship`, shipBody())).status).toBe(200);
    await chooseShipTos(trade.id, bob);
    expect((await alice.post(`/api/trades/${trade.id}/ship`, shipBody())).status).toBe(200);
  });

  it("answers 403 naming whose action it is when it is someone else's", async () => {
    const { bob, trade } = await pendingTrade();
    const res = await bob.post(`/api/trades/${trade.id}/cancel`);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: 'Only the proposer can cancel this trade' });
  });

  it('answers 409 for an action that does not apply to the status, or to a closed trade', async () => {
    const { alice, bob, trade } = await pendingTrade();
    const early = await alice.post(`/api/trades/${trade.id}/ship`, shipBody());
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'TRADE_INVALID_TRANSITION', message: 'This trade is pending: you cannot ship it now' });

    await bob.post(`/api/trades/${trade.id}/reject`);
    const late = await bob.post(`/api/trades/${trade.id}/accept`);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'TRADE_INVALID_TRANSITION', message: 'This trade is rejected: you cannot accept it now' });
  });

  it('answers 409 saying which step the member has already taken', async () => {
    const { alice, bob, trade } = await acceptedTrade();
    await alice.post(`/api/trades/${trade.id}/cancel`);
    const cancelTwice = await alice.post(`/api/trades/${trade.id}/cancel`);
    expect(cancelTwice.status).toBe(409);
    expect(cancelTwice.body).toMatchObject({
      code: 'TRADE_INVALID_TRANSITION',
      message: 'You have already asked to cancel; the other side must agree',
    });

    await bob.post(`/api/trades/${trade.id}/ship`, shipBody());
    expect((await alice.post(`/api/trades/${trade.id}/receive`)).status).toBe(200);
    const receiveTwice = await alice.post(`/api/trades/${trade.id}/receive`);
    expect(receiveTwice.status).toBe(409);
    expect(receiveTwice.body).toMatchObject({ code: 'TRADE_INVALID_TRANSITION', message: 'You have already confirmed receipt' });
  });
});
