import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addressReads, escrowLocks, loopShipTo } from '../../db/schema/index';
import { withClockAhead } from '../../../test/clock';
import { TestClient } from '../../../test/test-app';
import { useTestApp } from '../../../test/test-app';
import { kindsOf, notificationsOf } from '../notifications/notifications.int-helpers';
import { shipBody } from '../trades/trades.int-helpers';
import {
  acceptLoopAs,
  acceptWithShipTo,
  addAddress,
  loopAddress,
  member,
  proposedThreeLoop,
  releasesInSize10,
  type Member,
} from './loops.int-helpers';

/**
 * Loops as trades of several legs (issue #40): each member accepts with where their incoming leg
 * goes, the loop binds only once all have, and each leg's sender (only) sees its receiver's
 * address in the same window as a trade's. The ring is Ann → Cat → Ben → Ann (proposedThreeLoop).
 */
describe('a loop’s ship-to addresses', () => {
  const testApp = useTestApp();
  let releases: number[] = [];
  let next = 0;
  beforeAll(async () => {
    releases = await releasesInSize10(testApp());
  });
  const threeLoop = () => proposedThreeLoop(testApp(), releases, (next += 3) - 3);
  const locksOf = (loopId: number) => testApp().ctx.db.select().from(escrowLocks).where(eq(escrowLocks.loopId, loopId));
  const legShipTo = (who: TestClient, loopId: number, position: number) => who.get(`/api/loops/${loopId}/legs/${position}/ship-to`);
  /** The position of the leg `from` gives. */
  const legOf = async (from: Member, loopId: number) => (await from.get(`/api/loops/${loopId}`)).body.myGive.position as number;
  const readsOf = (loopId: number) => testApp().ctx.db.select().from(addressReads).where(eq(addressReads.loopId, loopId));

  it('accepting without a ship-to is recorded but leaves the loop not binding; accepting again with one binds it', async () => {
    const { a, b, c, loopId } = await threeLoop();
    await acceptWithShipTo(loopId, a, b);
    const without = await c.post(`/api/loops/${loopId}/accept`);
    expect(without.status).toBe(200);
    expect(without.body).toMatchObject({ status: 'proposed', escrowStatus: 'pending', allowedActions: ['accept', 'decline'] });
    expect(await locksOf(loopId)).toHaveLength(0);
    // Every member sees who has not chosen yet (no address: a flag per leg).
    const cLeg = (await a.get(`/api/loops/${loopId}`)).body.legs.find((l: { toUserId: string }) => l.toUserId === c.user.id);
    expect(cLeg).toMatchObject({ toShipToChosen: false });

    // Someone else's address is no ship-to: 400 naming the field, nothing recorded.
    const foreign = await c.post(`/api/loops/${loopId}/accept`, { shipToAddressId: await addAddress(a) });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toHaveProperty('shipToAddressId');
    expect((await c.get(`/api/loops/${loopId}`)).body.status).toBe('proposed');

    const bound = await acceptLoopAs(c, loopId);
    expect(bound.body).toMatchObject({ status: 'active', escrowStatus: 'locked', allowedActions: ['ship', 'dispute'] });
    expect(await locksOf(loopId)).toHaveLength(3);
  });

  it('shows each leg’s sender only its receiver’s address, from binding on; the third member and strangers are refused', async () => {
    const { a, b, c, loopId, admin } = await threeLoop();
    const aLeg = await legOf(a, loopId); // Ann → Cat
    await acceptWithShipTo(loopId, a, b);
    // Before the loop binds the sender sees nothing.
    expect((await legShipTo(a, loopId, aLeg)).body).toMatchObject({ yourRole: 'sender', shipTo: null, hiddenReason: 'before_acceptance' });
    await acceptWithShipTo(loopId, c);

    const annSees = await legShipTo(a, loopId, aLeg);
    expect(annSees.status).toBe(200);
    expect(annSees.body).toMatchObject({ yourRole: 'sender', toUserId: c.user.id, shipTo: { line1: loopAddress(c).line1 }, hiddenReason: null });
    // Cat sees her own choice on the leg she receives; Ben, the third member, is refused.
    expect((await legShipTo(c, loopId, aLeg)).body).toMatchObject({ yourRole: 'receiver', shipTo: { line1: loopAddress(c).line1 } });
    const ben = await legShipTo(b, loopId, aLeg);
    expect(ben.status).toBe(403);
    expect(JSON.stringify(ben.body)).not.toContain(loopAddress(c).line1);
    // A stranger and an admin (no dispute) learn nothing, not even that the loop exists.
    const eve = await member(testApp(), 'eve');
    expect((await legShipTo(eve, loopId, aLeg)).status).toBe(404);
    expect((await legShipTo(admin, loopId, aLeg)).status).toBe(404);
    expect((await legShipTo(new TestClient(testApp().app), loopId, aLeg)).status).toBe(401);

    // Each member reads exactly one other address: the next member's.
    for (const [sender, receiver] of [
      [a, c],
      [c, b],
      [b, a],
    ] as const) {
      const seen = (await legShipTo(sender, loopId, await legOf(sender, loopId))).body;
      expect(seen.shipTo.line1).toBe(loopAddress(receiver).line1);
    }
    // Every read of another member's address is recorded (reason, owner, loop); the receiver's own read is not.
    const reads = await readsOf(loopId);
    expect(reads.map((r) => [r.readerId, r.ownerId, r.reason])).toEqual(
      expect.arrayContaining([
        [a.user.id, c.user.id, 'counterparty'],
        [c.user.id, b.user.id, 'counterparty'],
        [b.user.id, a.user.id, 'counterparty'],
      ]),
    );
    expect(reads.some((r) => r.readerId === c.user.id && r.ownerId === c.user.id)).toBe(false);
    // Nowhere else: the loop, the list and the bell never hold an address.
    const elsewhere = JSON.stringify([
      (await a.get(`/api/loops/${loopId}`)).body,
      (await a.get('/api/loops')).body,
      await notificationsOf(testApp(), a),
    ]);
    for (const who of [a, b, c]) expect(elsewhere).not.toContain(loopAddress(who).line1);
  });

  it('shows an admin the addresses only while the loop is disputed, and the members until 30 days after it ended', async () => {
    const { a, b, c, loopId, admin } = await threeLoop();
    const aLeg = await legOf(a, loopId);
    await acceptWithShipTo(loopId, a, b, c);
    expect((await b.post(`/api/loops/${loopId}/dispute`, { reason: 'The pair never came' })).status).toBe(200);
    const inDispute = await legShipTo(admin, loopId, aLeg);
    expect(inDispute.body).toMatchObject({ yourRole: null, shipTo: { line1: loopAddress(c).line1 } });
    expect((await readsOf(loopId)).some((r) => r.readerId === admin.user.id && r.reason === 'admin-dispute')).toBe(true);

    expect((await legShipTo(a, loopId, aLeg)).body.shipTo).toMatchObject({ line1: loopAddress(c).line1 });
    const later = await withClockAhead(testApp().ctx, 31, () => legShipTo(a, loopId, aLeg));
    expect(later.body).toMatchObject({ shipTo: null, hiddenReason: 'window_closed' });
  });

  it('refuses to ship a leg whose receiver has no ship-to (409 naming it), and lets a member change theirs until their leg ships', async () => {
    const { a, b, c, loopId } = await threeLoop();
    const aLeg = await legOf(a, loopId);
    // The first choice comes with the acceptance, not on its own.
    const early = await c.request('PUT', `/api/loops/${loopId}/ship-to`, { addressId: await addAddress(c) });
    expect(early.status).toBe(409);
    await acceptWithShipTo(loopId, a, b, c);

    // A loop made binding before every member chose (as before this rule): Cat's choice is gone.
    await testApp()
      .ctx.db.delete(loopShipTo)
      .where(and(eq(loopShipTo.loopId, loopId), eq(loopShipTo.userId, c.user.id)));
    const refused = await a.post(`/api/loops/${loopId}/ship`, shipBody());
    expect(refused.status).toBe(409);
    expect(refused.body.fields.shipTo).toContain(c.user.username);
    expect((await a.get(`/api/loops/${loopId}`)).body.myGive.shippedAt).toBeNull();

    // Cat chooses again (a change of mind is allowed while nothing is on its way to her).
    const other = await c.post('/api/addresses', { ...loopAddress(c), line1: '2 Other Rd' });
    const chosen = await c.request('PUT', `/api/loops/${loopId}/ship-to`, { addressId: other.body.id });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body).toMatchObject({ yourRole: 'receiver', shipTo: { line1: '2 Other Rd' } });
    expect((await a.post(`/api/loops/${loopId}/ship`, shipBody())).status).toBe(200);
    expect((await legShipTo(a, loopId, aLeg)).body.shipTo.line1).toBe('2 Other Rd');
    // Once Ann's parcel is on its way to it, Cat's address no longer changes.
    const late = await c.request('PUT', `/api/loops/${loopId}/ship-to`, { addressId: await addAddress(c) });
    expect(late.status).toBe(409);
    // A stranger is told the loop does not exist.
    const eve = await member(testApp(), 'eve');
    expect((await eve.request('PUT', `/api/loops/${loopId}/ship-to`, { addressId: await addAddress(eve) })).status).toBe(404);
  });
});

/** The text a PDF draws, as poppler's pdftotext reads it. */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'loop-slip-'));
  try {
    writeFileSync(path.join(dir, 'slip.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'slip.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('a loop’s packing slips', () => {
  const testApp = useTestApp();
  let releases: number[] = [];
  beforeAll(async () => {
    releases = await releasesInSize10(testApp());
  });

  async function slip(who: TestClient, loopId: number) {
    const res = await testApp().app.inject({ method: 'GET', url: `/api/loops/${loopId}/packing-slip.pdf`, headers: { cookie: who.cookie! } });
    return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
  }

  it('gives each member, once the loop binds, the slip of the leg they send: their pair, to the next member’s address only', async () => {
    const { a, b, c, loopId } = await proposedThreeLoop(testApp(), releases, 60);
    await acceptWithShipTo(loopId, a, b);
    expect((await slip(a, loopId)).status).toBe(409);
    await acceptWithShipTo(loopId, c);

    for (const [sender, receiver, others] of [
      [a, c, [b]],
      [c, b, [a]],
      [b, a, [c]],
    ] as const) {
      const res = await slip(sender, loopId);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const text = pdfText(res.bytes);
      const position = (await sender.get(`/api/loops/${loopId}`)).body.myGive.position as number;
      expect(text).toContain(`Loop #${loopId}, leg ${position + 1} of 3`);
      expect(text).toContain(sender.user.username);
      expect(text).toContain(loopAddress(receiver).line1);
      for (const other of others) expect(text).not.toContain(loopAddress(other).line1);
      expect(text).toContain(`/trades?loop=${loopId}`);
    }
    // The sender's read of the address is recorded like any other.
    const reads = await testApp().ctx.db.select().from(addressReads).where(eq(addressReads.loopId, loopId));
    expect(reads.filter((r) => r.readerId === a.user.id && r.ownerId === c.user.id).length).toBeGreaterThan(0);

    const eve = await member(testApp(), 'eve');
    expect((await slip(eve, loopId)).status).toBe(404);
  });
});

describe('a loop’s chat and notifications', () => {
  const testApp = useTestApp();
  let releases: number[] = [];
  let next = 30;
  beforeAll(async () => {
    releases = await releasesInSize10(testApp());
  });
  const threeLoop = () => proposedThreeLoop(testApp(), releases, (next += 3) - 3);

  it('opens the loop’s chat to its members only, with unread counts', async () => {
    const { a, b, c, loopId, admin } = await threeLoop();
    const posted = await a.post(`/api/loops/${loopId}/messages`, { content: 'Shipping Monday' });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(posted.body).toMatchObject({ loopId, tradeId: null, conversationId: null, content: 'Shipping Monday' });
    for (const who of [b, c]) {
      const page = await who.get(`/api/loops/${loopId}/messages`);
      expect(page.body.messages.map((m: { content: string }) => m.content)).toEqual(['Shipping Monday']);
      expect((await who.get('/api/chat/unread')).body.loops).toEqual([{ loopId, count: 1 }]);
    }
    expect((await c.post(`/api/loops/${loopId}/messages`, { content: 'Same here' })).status).toBe(201);
    expect((await b.post(`/api/loops/${loopId}/messages/read`, {})).body).toMatchObject({ unreadTotal: 0 });

    const eve = await member(testApp(), 'eve');
    for (const outsider of [eve, admin]) {
      expect((await outsider.get(`/api/loops/${loopId}/messages`)).status).toBe(404);
      expect((await outsider.post(`/api/loops/${loopId}/messages`, { content: 'hi' })).status).toBe(404);
    }
    await testApp().ctx.events.idle();
    expect(await kindsOf(testApp(), b)).toContain('message.created');
    const [told] = (await notificationsOf(testApp(), b)).items.filter((n) => n.kind === 'message.created');
    expect(told).toMatchObject({ link: `/trades?loop=${loopId}` });
  });

  it('tells every member of a proposal, of the binding acceptance, and the others of each leg shipped and received', async () => {
    const { a, b, c, loopId } = await threeLoop();
    for (const who of [a, b, c]) expect(await kindsOf(testApp(), who)).toContain('loop.proposed');
    const [proposed] = (await notificationsOf(testApp(), a)).items.filter((n) => n.kind === 'loop.proposed');
    expect(proposed).toMatchObject({ link: `/trades?loop=${loopId}` });

    await acceptWithShipTo(loopId, a, b);
    expect(await kindsOf(testApp(), c)).toEqual(['loop.proposed']);
    await acceptWithShipTo(loopId, c);
    for (const who of [a, b, c]) expect((await kindsOf(testApp(), who))[0]).toBe('loop.active');

    await a.post(`/api/loops/${loopId}/ship`, shipBody());
    for (const who of [b, c]) expect((await kindsOf(testApp(), who))[0]).toBe('loop.shipped');
    expect((await kindsOf(testApp(), a))[0]).toBe('loop.active');
    // Ann's pair goes to Cat, who hears it is coming to her; Ben hears that Ann shipped.
    const [shipped] = (await notificationsOf(testApp(), c)).items;
    expect(shipped!.text).toBe(`${a.user.username} shipped the pair coming to you in loop #${loopId}: confirm it on the loop when it arrives`);
    expect((await notificationsOf(testApp(), b)).items[0]!.text).toBe(`${a.user.username} shipped their pair in loop #${loopId}`);

    await c.post(`/api/loops/${loopId}/receive`);
    for (const who of [a, b]) expect((await kindsOf(testApp(), who))[0]).toBe('loop.received');
  });
});
