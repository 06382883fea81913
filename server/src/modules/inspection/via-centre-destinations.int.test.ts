import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addressReads, tradeShipTo } from '../../db/schema/index';
import { drawnText } from '../../../test/pdf-text';
import { useTestApp, type TestClient } from '../../../test/test-app';
import { chooseShipTos, expectLedgerValidAfterAll, memberWithSneakers, proposal, TEST_ADDRESS } from '../trades/trades.int-helpers';
import { CENTRE_ENV, forwardBody, inspector, tradeAtCentre, VERDICT } from './inspection.int-helpers';

/** Issue #40: on a via-centre trade every parcel has a destination before it moves (docs/rules/inspection.md). */
describe('a via-centre trade: a destination before any parcel moves', () => {
  const testApp = useTestApp(CENTRE_ENV);
  expectLedgerValidAfterAll(testApp);

  /** A raw answer: the test client reads bodies as text, which would mangle a PDF. */
  async function pdf(member: TestClient, url: string) {
    const res = await testApp().app.inject({ method: 'GET', url, headers: { cookie: member.cookie! } });
    // Lines a column wrapped read as one.
    return { status: res.statusCode, text: res.statusCode === 200 ? drawnText(res.rawPayload).replace(/\s+/g, ' ') : '', json: () => res.json() };
  }

  /** An address of the member's book with a street of its own, so a slip shows whose it printed. */
  async function bookAddress(member: TestClient, line1: string): Promise<number> {
    const res = await member.post('/api/addresses', { ...TEST_ADDRESS, line1 });
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  /** A trade from before both ship-tos were required: the member's choice is gone from the database. */
  async function forgetShipTo(tradeId: number, userId: string) {
    await testApp()
      .ctx.db.delete(tradeShipTo)
      .where(and(eq(tradeShipTo.tradeId, tradeId), eq(tradeShipTo.userId, userId)));
  }

  async function pairStatus(member: TestClient, tradeId: number, pairId: number) {
    const pairs = (await member.get(`/api/trades/${tradeId}/inspection`)).body.pairs as Array<{
      id: number;
      status: string;
      forwardedTo: string | null;
    }>;
    return pairs.find((p) => p.id === pairId)!;
  }

  it('refuses to accept until both members chose a ship-to, naming whose is missing, and changes nothing', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice', 1);
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), viaAuthentication: true });
    const tradeId = proposed.body.id as number;

    const bare = await bob.post(`/api/trades/${tradeId}/accept`);
    expect(bare.status).toBe(409);
    expect(bare.body.code).toBe('SHIP_TO_MISSING');
    expect(bare.body.fields.proposerShipTo).toContain(alice.user.username);
    expect(bare.body.fields.shipToAddressId).toContain('Choose your ship-to address');

    // Bob's own choice is not enough: the proposer's is missing, and his is not kept either.
    const bobsAddress = await bookAddress(bob, '9 Bob Street');
    const half = await bob.post(`/api/trades/${tradeId}/accept`, { shipToAddressId: bobsAddress });
    expect(half.status).toBe(409);
    expect(Object.keys(half.body.fields)).toEqual(['proposerShipTo']);
    expect((await bob.get(`/api/trades/${tradeId}`)).body).toMatchObject({ status: 'pending', escrowStatus: proposed.body.escrowStatus });
    expect((await bob.get(`/api/trades/${tradeId}/ship-to`)).body.mine).toBeNull();

    await chooseShipTos(tradeId, alice);
    const accepted = await bob.post(`/api/trades/${tradeId}/accept`, { shipToAddressId: bobsAddress });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', viaAuthentication: true });
    expect((await bob.get(`/api/trades/${tradeId}/ship-to`)).body).toMatchObject({ mine: { line1: '9 Bob Street' }, counterparty: null });
  });

  it('refuses to forward a pair to a member without a ship-to (409, nothing changes), then sends it to the address they chose', async () => {
    const centre = await inspector(testApp());
    const { alice, bob, tradeId, alicePair, bobPair } = await tradeAtCentre(testApp());
    await forgetShipTo(tradeId, bob.user.id);
    for (const pair of [alicePair, bobPair]) {
      expect((await centre.post(`/api/inspection/pairs/${pair}/receive`)).status).toBe(200);
      expect((await centre.post(`/api/inspection/pairs/${pair}/pass`, VERDICT)).status).toBe(200);
    }

    // The queue tells the inspector where Alice's pair goes and that Bob has no address yet.
    const queue = (await centre.get('/api/inspection/queue?status=passed&limit=50')).body.items as Array<{ id: number; heading: unknown }>;
    expect(queue.find((p) => p.id === alicePair)!.heading).toEqual({
      to: 'recipient',
      memberId: bob.user.id,
      username: bob.user.username,
      hasShipTo: false,
    });
    expect((await centre.get(`/api/inspection/pairs/${alicePair}/destination`)).body).toEqual({ pairId: alicePair, to: 'recipient', address: null });
    expect((await pdf(centre, `/api/inspection/pairs/${alicePair}/packing-slip.pdf`)).status).toBe(409);

    const parcel = forwardBody();
    const refused = await centre.post(`/api/inspection/pairs/${alicePair}/forward`, parcel);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SHIP_TO_MISSING');
    expect(refused.body.fields.shipTo).toContain(bob.user.username);
    expect(await pairStatus(alice, tradeId, alicePair)).toMatchObject({ status: 'passed', forwardedTo: null });

    // Bob chooses where the pair comes to him while it is still at the centre: his page offers it.
    expect((await bob.get(`/api/trades/${tradeId}/ship-to`)).body).toMatchObject({ mine: null, canChange: true, viaAuthentication: true });
    const chosen = await bob.request('PUT', `/api/trades/${tradeId}/ship-to`, { addressId: await bookAddress(bob, '9 Bob Street') });
    expect(chosen.status).toBe(200);
    expect((await centre.get(`/api/inspection/pairs/${alicePair}/destination`)).body.address).toMatchObject({ line1: '9 Bob Street' });
    const slip = await pdf(centre, `/api/inspection/pairs/${alicePair}/packing-slip.pdf`);
    expect(slip.status).toBe(200);
    expect(slip.text).toContain(`Trade #${tradeId}, pair #${alicePair}`);
    expect(slip.text).toContain('SoleSwap authentication centre');
    expect(slip.text).toContain(bob.user.username);
    expect(slip.text).toContain('9 Bob Street');

    // The same parcel number: the refusal took nothing.
    const forwarded = await centre.post(`/api/inspection/pairs/${alicePair}/forward`, parcel);
    expect(forwarded.status).toBe(200);
    expect(forwarded.body).toMatchObject({ status: 'forwarded', forwardedTo: 'recipient' });
    const reads = await testApp().ctx.db.select().from(addressReads).where(eq(addressReads.tradeId, tradeId));
    expect(reads.filter((r) => r.reason === 'centre-forward').map((r) => r.ownerId)).toEqual(expect.arrayContaining([bob.user.id]));

    // Once the pair coming to him left the centre, the address it went to stays.
    const late = await bob.request('PUT', `/api/trades/${tradeId}/ship-to`, { addressId: await bookAddress(bob, '10 Elsewhere Road') });
    expect(late.status).toBe(409);
    expect((await bob.get(`/api/trades/${tradeId}/ship-to`)).body).toMatchObject({ mine: { line1: '9 Bob Street' }, canChange: false });
    expect((await centre.post(`/api/inspection/pairs/${bobPair}/forward`, forwardBody())).body).toMatchObject({ forwardedTo: 'recipient' });
    expect((await alice.get(`/api/trades/${tradeId}`)).body.status).toBe('completed');
  });

  it('refuses to return a failed pair to an owner without a ship-to, and returns it once they chose one on the cancelled trade', async () => {
    const centre = await inspector(testApp());
    const { alice, tradeId, alicePair } = await tradeAtCentre(testApp());
    await forgetShipTo(tradeId, alice.user.id);
    expect((await centre.post(`/api/inspection/pairs/${alicePair}/receive`)).status).toBe(200);
    expect((await centre.post(`/api/inspection/pairs/${alicePair}/fail`, VERDICT)).status).toBe(200);
    expect((await alice.get(`/api/trades/${tradeId}`)).body.status).toBe('cancelled');

    const refused = await centre.post(`/api/inspection/pairs/${alicePair}/forward`, forwardBody());
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SHIP_TO_MISSING');
    expect(refused.body.fields.shipTo).toContain(alice.user.username);
    expect(refused.body.fields.shipTo).toContain('back to its owner');
    expect(await pairStatus(alice, tradeId, alicePair)).toMatchObject({ status: 'failed', forwardedTo: null });

    const chosen = await alice.request('PUT', `/api/trades/${tradeId}/ship-to`, { addressId: await bookAddress(alice, '5 Alice Lane') });
    expect(chosen.status).toBe(200);
    expect((await centre.get(`/api/inspection/pairs/${alicePair}/destination`)).body).toMatchObject({
      to: 'owner',
      address: { line1: '5 Alice Lane' },
    });
    const returned = await centre.post(`/api/inspection/pairs/${alicePair}/forward`, forwardBody());
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({ status: 'forwarded', forwardedTo: 'owner' });
  });

  it('prints the members’ slips to the centre’s address, with the trade and the pair, never the other member', async () => {
    const { alice, bob, tradeId, alicePair, bobPair } = await tradeAtCentre(testApp(), { ship: false });
    // Nobody shipped yet: no pair is on its way to the centre.
    const journey = (await alice.get(`/api/trades/${tradeId}/inspection`)).body.pairs as Array<{ shippedAt: string | null }>;
    expect(journey.map((p) => p.shippedAt)).toEqual([null, null]);
    const alices = await pdf(alice, `/api/trades/${tradeId}/packing-slip.pdf`);
    expect(alices.status).toBe(200);
    for (const line of CENTRE_ENV.AUTHENTICATION_CENTRE_ADDRESS.split('|')) expect(alices.text).toContain(line);
    expect(alices.text).toContain(`Trade #${tradeId}, pair #${alicePair}`);
    expect(alices.text).not.toContain(bob.user.username);
    expect(alices.text).not.toContain(TEST_ADDRESS.line1);
    expect((await pdf(bob, `/api/trades/${tradeId}/packing-slip.pdf`)).text).toContain(`Trade #${tradeId}, pair #${bobPair}`);
    // Neither read the other's address.
    expect(await testApp().ctx.db.select().from(addressReads).where(eq(addressReads.tradeId, tradeId))).toEqual([]);
  });
});
