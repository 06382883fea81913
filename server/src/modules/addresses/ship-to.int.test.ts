import { DAY_MS } from '@soleswap/contracts/time';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addressReads } from '../../db/schema/index';
import { withClockAhead } from '../../../test/clock';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';
import { expectLedgerValidAfterAll, memberWithSneakers, proposal } from '../trades/trades.int-helpers';

const ANN_HOME = { name: 'Ann Archer', line1: '77 Lantern Row', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' };
const BEN_HOME = { name: 'Ben Baker', line1: '12 Quartz Mews', city: 'London', postalCode: 'N1 9GU', country: 'GB' };

describe('ship-to addresses of a trade', () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);

  async function readsOf(tradeId: number) {
    const rows = await testApp().ctx.db.select().from(addressReads).where(eq(addressReads.tradeId, tradeId)).orderBy(asc(addressReads.id));
    return rows.map((r) => ({ readerId: r.readerId, ownerId: r.ownerId, reason: r.reason }));
  }

  async function scene() {
    const ann = await memberWithSneakers(testApp(), 'ann', 1);
    const ben = await memberWithSneakers(testApp(), 'ben', 1);
    const cy = await memberWithSneakers(testApp(), 'cy', 0);
    const annHome = (await ann.post('/api/addresses', ANN_HOME)).body;
    const benHome = (await ben.post('/api/addresses', BEN_HOME)).body;
    return { ann, ben, cy, annHome, benHome };
  }

  it('shows the other side’s address only from acceptance, only to the parties, and records every read', async () => {
    const { ann, ben, cy, annHome, benHome } = await scene();
    const admin = await signIn(testApp().app, { email: 'shipto-admin@example.com', username: 'shiptoadmin', role: 'admin' });

    // Someone else's address id is refused, naming the field, and no trade is made.
    const foreign = await ann.post('/api/trades', { ...proposal(ann, ben), shipToAddressId: benHome.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toHaveProperty('shipToAddressId');
    expect((await ann.get('/api/trades')).body).toEqual([]);

    const trade = (await ann.post('/api/trades', { ...proposal(ann, ben), shipToAddressId: annHome.id })).body;
    const before = (await ben.get(`/api/trades/${trade.id}/ship-to`)).body;
    expect(before).toMatchObject({ yourSide: 'receiver', mine: null, counterparty: null, hiddenReason: 'before_acceptance' });
    expect((await ann.get(`/api/trades/${trade.id}/ship-to`)).body).toMatchObject({
      yourSide: 'proposer',
      mine: { line1: ANN_HOME.line1, postalCode: '97201' },
      counterparty: null,
    });
    expect((await cy.get(`/api/trades/${trade.id}/ship-to`)).status).toBe(404);
    expect((await admin.get(`/api/trades/${trade.id}/ship-to`)).status).toBe(404);
    expect((await new TestClient(testApp().app).get(`/api/trades/${trade.id}/ship-to`)).status).toBe(401);

    // Accepting with an address that is not the receiver's changes nothing.
    const wrong = await ben.post(`/api/trades/${trade.id}/accept`, { shipToAddressId: annHome.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toHaveProperty('shipToAddressId');
    expect((await ben.get(`/api/trades/${trade.id}`)).body.status).toBe('pending');
    expect(await readsOf(trade.id)).toEqual([]);

    expect((await ben.post(`/api/trades/${trade.id}/accept`, { shipToAddressId: benHome.id })).status).toBe(200);
    const annSees = (await ann.get(`/api/trades/${trade.id}/ship-to`)).body;
    expect(annSees).toMatchObject({
      counterparty: { name: 'Ben Baker', line1: BEN_HOME.line1, postalCode: 'N1 9GU', country: 'GB' },
      hiddenReason: null,
      visibleUntil: null,
    });
    const benSees = (await ben.get(`/api/trades/${trade.id}/ship-to`)).body;
    expect(benSees).toMatchObject({ mine: { line1: BEN_HOME.line1 }, counterparty: { line1: ANN_HOME.line1 } });
    expect((await cy.get(`/api/trades/${trade.id}/ship-to`)).status).toBe(404);
    expect((await admin.get(`/api/trades/${trade.id}/ship-to`)).status).toBe(404);
    expect(await readsOf(trade.id)).toEqual([
      { readerId: ann.user.id, ownerId: ben.user.id, reason: 'counterparty' },
      { readerId: ben.user.id, ownerId: ann.user.id, reason: 'counterparty' },
    ]);

    // Never in a list, a trade view or a notification.
    const elsewhere = JSON.stringify([
      (await ann.get('/api/trades')).body,
      (await ann.get(`/api/trades/${trade.id}`)).body,
      (await ann.get('/api/notifications')).body,
      (await ben.get('/api/trades')).body,
      (await ben.get(`/api/trades/${trade.id}`)).body,
      (await ben.get('/api/notifications')).body,
    ]);
    for (const secret of [ANN_HOME.line1, BEN_HOME.line1, '97201', 'N1 9GU']) expect(elsewhere).not.toContain(secret);

    // Editing the book later does not move the parcel: the trade keeps the copy chosen.
    await ben.put(`/api/addresses/${benHome.id}`, { ...BEN_HOME, line1: '99 Elsewhere Rd' });
    expect((await ann.get(`/api/trades/${trade.id}/ship-to`)).body.counterparty.line1).toBe(BEN_HOME.line1);
  });

  it('shows admins both addresses only while a dispute is open, and parties until 30 days after the end', async () => {
    const { ann, ben, annHome, benHome } = await scene();
    const admin = await signIn(testApp().app, { email: 'shipto-admin2@example.com', username: 'shiptoadmin2', role: 'admin' });
    const trade = (await ann.post('/api/trades', { ...proposal(ann, ben), shipToAddressId: annHome.id })).body;
    await ben.post(`/api/trades/${trade.id}/accept`, { shipToAddressId: benHome.id });
    expect((await ann.post(`/api/trades/${trade.id}/dispute`, { reason: 'No answer in the chat' })).status).toBe(200);

    const inDispute = (await admin.get(`/api/trades/${trade.id}/ship-to`)).body;
    expect(inDispute).toMatchObject({ yourSide: null, mine: null, counterparty: { line1: ANN_HOME.line1 }, receiver: { line1: BEN_HOME.line1 } });
    expect(await readsOf(trade.id)).toEqual([
      { readerId: admin.user.id, ownerId: ann.user.id, reason: 'admin-dispute' },
      { readerId: admin.user.id, ownerId: ben.user.id, reason: 'admin-dispute' },
    ]);

    expect((await admin.post(`/api/trades/${trade.id}/resolve`, { outcome: 'cancelled' })).status).toBe(200);
    const afterDispute = await admin.get(`/api/trades/${trade.id}/ship-to`);
    expect(afterDispute.status).toBe(403);
    expect(afterDispute.body.message).toMatch(/only while it is disputed/);

    // The trade ended: each side still sees the other's address for 30 days, then no longer.
    const ended = (await ben.get(`/api/trades/${trade.id}/ship-to`)).body;
    expect(ended.counterparty).toMatchObject({ line1: ANN_HOME.line1 });
    const until = new Date(ended.visibleUntil).getTime();
    const closedAt = new Date((await ben.get(`/api/trades/${trade.id}`)).body.updatedAt ?? Date.now()).getTime();
    expect(Math.round((until - closedAt) / DAY_MS)).toBe(30);
    expect((await withClockAhead(testApp().ctx, 29, () => ben.get(`/api/trades/${trade.id}/ship-to`))).body.counterparty).not.toBeNull();
    const past = (await withClockAhead(testApp().ctx, 31, () => ben.get(`/api/trades/${trade.id}/ship-to`))).body;
    expect(past).toMatchObject({ counterparty: null, hiddenReason: 'window_closed', mine: { line1: BEN_HOME.line1 } });
    const readsBefore = (await readsOf(trade.id)).length;
    await withClockAhead(testApp().ctx, 31, () => ann.get(`/api/trades/${trade.id}/ship-to`));
    expect(await readsOf(trade.id)).toHaveLength(readsBefore);
  });

  it('lets a side choose or change its ship-to until the other side ships, and only its own', async () => {
    const { ann, ben, cy, annHome, benHome } = await scene();
    const annWork = (await ann.post('/api/addresses', { ...ANN_HOME, line1: '5 Office Park' })).body;
    const trade = (await ann.post('/api/trades', proposal(ann, ben))).body;

    expect((await cy.put(`/api/trades/${trade.id}/ship-to`, { addressId: annHome.id })).status).toBe(404);
    const notMine = await ann.put(`/api/trades/${trade.id}/ship-to`, { addressId: benHome.id });
    expect(notMine.status).toBe(400);
    expect(notMine.body.fields).toHaveProperty('addressId');
    expect((await ann.put(`/api/trades/${trade.id}/ship-to`, { addressId: 'x' })).status).toBe(400);

    // The receiver accepts without choosing; it is asked for later, and the proposer sees it once chosen.
    await ben.post(`/api/trades/${trade.id}/accept`);
    expect((await ann.get(`/api/trades/${trade.id}/ship-to`)).body).toMatchObject({ mine: null, counterparty: null, hiddenReason: 'not_chosen' });
    expect((await ben.put(`/api/trades/${trade.id}/ship-to`, { addressId: benHome.id })).body).toMatchObject({ mine: { line1: BEN_HOME.line1 } });
    expect((await ann.put(`/api/trades/${trade.id}/ship-to`, { addressId: annHome.id })).body).toMatchObject({
      mine: { line1: ANN_HOME.line1 },
      counterparty: { line1: BEN_HOME.line1 },
    });
    expect((await ann.put(`/api/trades/${trade.id}/ship-to`, { addressId: annWork.id })).body.mine.line1).toBe('5 Office Park');

    // Once Ben's parcel is on its way to Ann's choice, she can no longer move it.
    const shipped = await ben.post(`/api/trades/${trade.id}/ship`, { trackingNumber: '1Z999AA10123456784' });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    const late = await ann.put(`/api/trades/${trade.id}/ship-to`, { addressId: annHome.id });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/already shipped/);
    expect((await ben.get(`/api/trades/${trade.id}/ship-to`)).body.counterparty.line1).toBe('5 Office Park');
  });
});
