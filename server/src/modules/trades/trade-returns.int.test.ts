import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TRACKING_NUMBER_IN_USE_MESSAGE } from '@soleswap/contracts/tracking-numbers';
import { RETURN_DEADLINE_DAYS, type TradeRuling } from '@soleswap/contracts/trades';
import { addressReads, tradeReturns } from '../../db/schema/index';
import { withClockAhead } from '../../../test/clock';
import { TestClient, useTestApp } from '../../../test/test-app';
import { DEV_MAILBOX_PATH } from '../identity/dev-mailbox';
import { CENTRE_ENV, tradeAtCentre } from '../inspection/inspection.int-helpers';
import { RETURN_SHIP_TO_MISSING_MESSAGE } from './ship-trade-return';
import { chooseShipTos, expectLedgerValidAfterAll, memberWithSneakers, proposal, shipBody, TEST_ADDRESS } from './trades.int-helpers';

const NOTE = 'The pair Bob received is not the pair in the listing: each pair goes back to its owner.';

/**
 * Issue #40: after "Cancel and refund" where parcels had moved, the members got no return
 * instructions and never saw the admin's note. Now both read the ruling's note (trade page, bell,
 * e-mail), and the member holding the other's pair gets where to send it, a slip and a deadline;
 * the return ships with a tracking number and its owner confirms it arrived
 * (docs/rules/trades.md#returns-after-a-refund).
 */
describe('returns after a refund ruling (issue #40)', () => {
  const testApp = useTestApp(CENTRE_ENV);
  expectLedgerValidAfterAll(testApp);
  const ctx = () => testApp().ctx;

  /**
   * Alice proposes her pair for Bob's; Bob accepts; `shipped` names who ships (each receiving side
   * chose its ship-to first, unless `shipTos` says who chose one); Bob disputes; an admin rules.
   */
  async function ruledTrade({
    shipped = ['alice'] as Array<'alice' | 'bob'>,
    shipTos = ['alice', 'bob'] as Array<'alice' | 'bob'>,
    outcome = 'cancelled' as 'cancelled' | 'completed',
    note = NOTE as string | null,
  } = {}) {
    const alice = await memberWithSneakers(testApp(), 'alice', 1);
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const admin = await memberWithSneakers(testApp(), 'admin', 0, 'admin');
    const proposed = await alice.post('/api/trades', proposal(alice, bob));
    const tradeId = proposed.body.id as number;
    expect((await bob.post(`/api/trades/${tradeId}/accept`)).status).toBe(200);
    const members = { alice, bob };
    await chooseShipTos(tradeId, ...shipTos.map((name) => members[name]));
    for (const name of shipped) expect((await members[name].post(`/api/trades/${tradeId}/ship`, shipBody())).status).toBe(200);
    expect((await bob.post(`/api/trades/${tradeId}/dispute`, { reason: 'Not the listed pair' })).status).toBe(200);
    const ruled = await admin.post(`/api/trades/${tradeId}/resolve`, { outcome, ...(note ? { note } : {}) });
    expect(ruled.status, JSON.stringify(ruled.body)).toBe(200);
    return { alice, bob, admin, tradeId };
  }

  const rulingOf = async (member: TestClient, tradeId: number) => {
    const res = await member.get<TradeRuling>(`/api/trades/${tradeId}/ruling`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const stranger = () => memberWithSneakers(testApp(), 'eve', 0);
  const bellOf = async (member: TestClient) => {
    await ctx().events.idle();
    return ((await member.get('/api/notifications')).body.items as Array<{ kind: string; text: string }>).filter((n) => n.kind === 'trade.resolved');
  };
  const mailsTo = async (to: string) => {
    await ctx().events.idle();
    const sent = (await new TestClient(testApp().app).get(`${DEV_MAILBOX_PATH}.json`)).body.mails as Array<{
      to: string;
      subject: string;
      text: string;
    }>;
    return sent.filter((m) => m.to === to);
  };
  const returnRow = async (id: number) => (await ctx().db.select().from(tradeReturns).where(eq(tradeReturns.id, id)))[0]!;

  it("shows the admin's note to both members on the trade page, in the bell and by e-mail, and to no stranger", async () => {
    const { alice, bob, admin, tradeId } = await ruledTrade();
    for (const member of [alice, bob, admin]) expect(await rulingOf(member, tradeId)).toMatchObject({ tradeId, outcome: 'cancelled', note: NOTE });
    expect((await (await stranger()).get(`/api/trades/${tradeId}/ruling`)).status).toBe(404);
    for (const member of [alice, bob]) {
      const [bell] = await bellOf(member);
      expect(bell?.text).toContain(`Admin's note: “${NOTE}”`);
      const [mail] = (await mailsTo(member.user.email)).filter((m) => m.subject.includes(`Trade #${tradeId}`));
      expect(mail?.text).toContain(NOTE);
    }
    expect((await bellOf(bob))[0]?.text).toContain('pair back');
  });

  it('gives return instructions only to the side holding the other’s pair: the owner’s address, a slip and a deadline', async () => {
    const { alice, bob, admin, tradeId } = await ruledTrade({ shipped: ['alice'] });
    const forBob = await rulingOf(bob, tradeId);
    expect(forBob.returns).toHaveLength(1);
    const [ret] = forBob.returns;
    expect(ret).toMatchObject({
      ownerId: alice.user.id,
      senderId: bob.user.id,
      status: 'awaiting_return',
      myRole: 'sender',
      hasShipTo: true,
      isOverdue: false,
      allowedActions: ['ship'],
    });
    const days = (Date.parse(ret!.returnBy) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(RETURN_DEADLINE_DAYS - 0.01);
    expect(days).toBeLessThan(RETURN_DEADLINE_DAYS + 0.01);
    expect((await rulingOf(alice, tradeId)).returns).toEqual([expect.objectContaining({ id: ret!.id, myRole: 'owner', allowedActions: [] })]);

    // Bob, who holds Alice's pair, sees where it goes; the read is recorded. Alice sees her own choice.
    const where = await bob.get(`/api/trade-returns/${ret!.id}/ship-to`);
    expect(where.body).toMatchObject({
      yourRole: 'sender',
      shipTo: { line1: TEST_ADDRESS.line1, postalCode: TEST_ADDRESS.postalCode },
      hiddenReason: null,
    });
    const reads = await ctx()
      .db.select()
      .from(addressReads)
      .where(and(eq(addressReads.tradeId, tradeId), eq(addressReads.reason, 'return')));
    expect(reads).toEqual([expect.objectContaining({ readerId: bob.user.id, ownerId: alice.user.id })]);
    expect((await alice.get(`/api/trade-returns/${ret!.id}/ship-to`)).body).toMatchObject({
      yourRole: 'owner',
      shipTo: { line1: TEST_ADDRESS.line1 },
    });
    // A stranger learns nothing; an admin knows the return but not the address.
    const eve = await stranger();
    expect((await eve.get(`/api/trade-returns/${ret!.id}/ship-to`)).status).toBe(404);
    expect((await admin.get(`/api/trade-returns/${ret!.id}/ship-to`)).status).toBe(403);

    const slip = await bob.get(`/api/trade-returns/${ret!.id}/packing-slip.pdf`);
    expect(slip.status).toBe(200);
    expect(slip.headers['content-type']).toContain('application/pdf');
    expect((await alice.get(`/api/trade-returns/${ret!.id}/packing-slip.pdf`)).status).toBe(403);
    expect((await eve.get(`/api/trade-returns/${ret!.id}/packing-slip.pdf`)).status).toBe(404);
  });

  it('asks for no return when no parcel moved, when the swap stands, and one each way when both shipped', async () => {
    const none = await ruledTrade({ shipped: [] });
    for (const member of [none.alice, none.bob]) expect((await rulingOf(member, none.tradeId)).returns).toEqual([]);
    const kept = await ruledTrade({ shipped: ['alice', 'bob'], outcome: 'completed', note: null });
    expect(await rulingOf(kept.alice, kept.tradeId)).toMatchObject({ outcome: 'completed', note: null, returns: [] });
    const both = await ruledTrade({ shipped: ['alice', 'bob'] });
    const forAlice = (await rulingOf(both.alice, both.tradeId)).returns;
    expect(forAlice.map((r) => [r.ownerId, r.myRole])).toEqual([
      [both.alice.user.id, 'owner'],
      [both.bob.user.id, 'sender'],
    ]);
  });

  it('asks members to return nothing on a trade via the authentication centre: the centre sends the pairs back', async () => {
    const { alice, bob, tradeId } = await tradeAtCentre(testApp());
    const admin = await memberWithSneakers(testApp(), 'admin', 0, 'admin');
    expect((await bob.post(`/api/trades/${tradeId}/dispute`, { reason: 'Held too long' })).status).toBe(200);
    expect((await admin.post(`/api/trades/${tradeId}/resolve`, { outcome: 'cancelled', note: NOTE })).status).toBe(200);
    for (const member of [alice, bob]) expect(await rulingOf(member, tradeId)).toMatchObject({ outcome: 'cancelled', note: NOTE, returns: [] });
  });

  it('refuses to ship a return before its owner has a ship-to (409 naming it), until the owner chooses one', async () => {
    // Alice shipped to Bob's address; she never chose one of her own, so her pair has nowhere to go back.
    const { alice, bob, tradeId } = await ruledTrade({ shipped: ['alice'], shipTos: ['bob'] });
    const [ret] = (await rulingOf(bob, tradeId)).returns;
    expect(ret).toMatchObject({ hasShipTo: false });
    const refused = await bob.post(`/api/trade-returns/${ret!.id}/ship`, shipBody());
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'SHIP_TO_MISSING',
      message: RETURN_SHIP_TO_MISSING_MESSAGE,
      fields: { shipTo: RETURN_SHIP_TO_MISSING_MESSAGE },
    });
    expect(await returnRow(ret!.id)).toMatchObject({ status: 'awaiting_return', trackingNumber: null, shippedAt: null });

    const book = await alice.post('/api/addresses', { ...TEST_ADDRESS, line1: '9 Return Rd' });
    expect((await bob.request('PUT', `/api/trade-returns/${ret!.id}/ship-to`, { addressId: book.body.id })).status).toBe(403);
    const chosen = await alice.request('PUT', `/api/trade-returns/${ret!.id}/ship-to`, { addressId: book.body.id });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect((await alice.request('PUT', `/api/trade-returns/${ret!.id}/ship-to`, { addressId: book.body.id })).status).toBe(409);
    expect((await bob.get(`/api/trade-returns/${ret!.id}/ship-to`)).body).toMatchObject({ shipTo: { line1: '9 Return Rd' } });
    expect((await bob.post(`/api/trade-returns/${ret!.id}/ship`, shipBody())).status).toBe(200);
  });

  it('refuses a tracking number another open parcel holds, on a return or a trade, and frees it once the pair is back', async () => {
    const first = await ruledTrade();
    const second = await ruledTrade();
    const [firstReturn] = (await rulingOf(first.bob, first.tradeId)).returns;
    const [secondReturn] = (await rulingOf(second.bob, second.tradeId)).returns;
    const number = shipBody().trackingNumber;
    expect((await first.bob.post(`/api/trade-returns/${firstReturn!.id}/ship`, { trackingNumber: number })).status).toBe(200);

    const reused = await second.bob.post(`/api/trade-returns/${secondReturn!.id}/ship`, { trackingNumber: number });
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ code: 'TRACKING_NUMBER_IN_USE', fields: { trackingNumber: TRACKING_NUMBER_IN_USE_MESSAGE } });
    expect(await returnRow(secondReturn!.id)).toMatchObject({ status: 'awaiting_return', trackingNumber: null });
    // A trade's parcel cannot take it either.
    const carol = await memberWithSneakers(testApp(), 'carol', 1);
    const dan = await memberWithSneakers(testApp(), 'dan', 1);
    const open = (await carol.post('/api/trades', proposal(carol, dan))).body.id as number;
    expect((await dan.post(`/api/trades/${open}/accept`)).status).toBe(200);
    await chooseShipTos(open, carol, dan);
    expect((await carol.post(`/api/trades/${open}/ship`, { trackingNumber: number })).status).toBe(409);

    expect((await first.alice.post(`/api/trade-returns/${firstReturn!.id}/receive`)).status).toBe(200);
    expect((await second.bob.post(`/api/trade-returns/${secondReturn!.id}/ship`, { trackingNumber: number })).status).toBe(200);
  });

  it('lets only the owner confirm the pair is back, once it was shipped back, and once', async () => {
    const { alice, bob, tradeId } = await ruledTrade();
    const [ret] = (await rulingOf(bob, tradeId)).returns;
    const path = `/api/trade-returns/${ret!.id}`;
    expect((await alice.post(`${path}/ship`, shipBody())).status).toBe(403);
    expect((await alice.post(`${path}/receive`)).status).toBe(409);
    expect((await (await stranger()).post(`${path}/receive`)).status).toBe(404);
    const shipped = await bob.post(`${path}/ship`, shipBody());
    expect(shipped.body).toMatchObject({ status: 'returned_shipped', myRole: 'sender', allowedActions: [], tracking: { carrier: 'ups' } });
    expect((await bob.post(`${path}/ship`, shipBody())).status).toBe(409);
    expect((await bob.post(`${path}/receive`)).status).toBe(403);
    expect((await rulingOf(alice, tradeId)).returns[0]).toMatchObject({ status: 'returned_shipped', allowedActions: ['receive'] });
    const returnBells = async (member: TestClient) => {
      await ctx().events.idle();
      return ((await member.get('/api/notifications')).body.items as Array<{ kind: string; text: string }>).filter((n) => n.kind === 'trade.return');
    };
    expect((await returnBells(alice)).map((n) => n.text)).toEqual([expect.stringContaining(`shipped your pair back in trade #${tradeId}`)]);
    const received = await alice.post(`${path}/receive`);
    expect(received.status).toBe(200);
    expect(received.body).toMatchObject({ status: 'returned', allowedActions: [] });
    expect((await returnRow(ret!.id)).receivedAt).not.toBeNull();
    expect((await alice.post(`${path}/receive`)).status).toBe(409);
    expect((await returnBells(bob)).map((n) => n.text)).toEqual([
      expect.stringContaining(`confirmed the pair you sent back in trade #${tradeId} arrived`),
    ]);
  });

  it('shows a return not shipped by its deadline as overdue to both members and in the admins’ list', async () => {
    const { alice, bob, admin, tradeId } = await ruledTrade();
    const [ret] = (await rulingOf(bob, tradeId)).returns;
    await withClockAhead(ctx(), RETURN_DEADLINE_DAYS + 1, async () => {
      for (const member of [alice, bob]) expect((await rulingOf(member, tradeId)).returns[0]).toMatchObject({ isOverdue: true });
      const overdue = await admin.get('/api/admin/trade-returns/overdue');
      expect(overdue.body.map((r: { id: number }) => r.id)).toContain(ret!.id);
      expect((await bob.get('/api/admin/trade-returns/overdue')).status).toBe(403);
    });
    expect((await rulingOf(bob, tradeId)).returns[0]).toMatchObject({ isOverdue: false });
  });
});
