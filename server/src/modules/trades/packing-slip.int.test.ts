import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { addressReads } from '../../db/schema/index';
import { buildSneaker } from '../../../test/factories';
import { useTestApp, type TestClient } from '../../../test/test-app';
import { PACKING_SLIPS_PER_MINUTE } from './trades.routes';
import { SHIP_BODY, memberWithSneakers, proposal } from './trades.int-helpers';

/** The text a PDF's pages draw: each Flate stream inflated, each hex string of a Tj decoded. */
function drawnText(pdf: Buffer): string {
  const parts: string[] = [];
  const streams = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streams.exec(pdf.toString('latin1')))) {
    const start = match.index + match[0].length;
    const end = pdf.indexOf('endstream', start);
    try {
      const content = inflateSync(pdf.subarray(start, end)).toString('latin1');
      for (const [, hex] of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) parts.push(Buffer.from(hex!, 'hex').toString('latin1'));
    } catch {
      // Not a Flate stream (a font program or the like): no page text in it.
    }
  }
  return parts.join('\n');
}

describe('packing slips', () => {
  const testApp = useTestApp();

  /** The raw answer: the test client reads bodies as text, which would mangle a PDF. */
  async function slip(member: TestClient, tradeId: number) {
    const res = await testApp().app.inject({ method: 'GET', url: `/api/trades/${tradeId}/packing-slip.pdf`, headers: { cookie: member.cookie! } });
    return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: () => res.json() };
  }

  async function pendingTrade() {
    const alice = await memberWithSneakers(testApp(), 'alice', 0);
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const dunk = await buildSneaker(testApp().ctx, {
      userId: alice.user.id,
      name: 'Dunk Low Panda',
      brand: 'Nike',
      styleCode: 'DD1391-100',
      size: '10.5',
      colorway: 'White/Black',
    });
    const jordan = await buildSneaker(testApp().ctx, {
      userId: alice.user.id,
      name: 'Air Jordan 1 Chicago',
      brand: 'Jordan',
      styleCode: '555088-101',
      size: '9',
    });
    const proposed = await alice.post('/api/trades', proposal({ sneakers: [dunk, jordan] }, bob, { give: [dunk.id, jordan.id] }));
    expect(proposed.status).toBe(201);
    return { alice, bob, tradeId: proposed.body.id as number };
  }

  it('gives each party, after acceptance, a PDF of their box: the trade, from and to, each pair with style code and size', async () => {
    const { alice, bob, tradeId } = await pendingTrade();
    // Bob ships to his London address; Alice chose none.
    const home = await bob.post('/api/addresses', {
      name: 'Ben Baker',
      line1: '12 Quartz Mews',
      city: 'London',
      postalCode: 'N1 9GU',
      country: 'GB',
    });
    expect(home.status).toBe(201);
    expect((await bob.post(`/api/trades/${tradeId}/accept`, { shipToAddressId: home.body.id })).status).toBe(200);

    const res = await slip(alice, tradeId);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="soleswap-trade-${tradeId}-packing-slip.pdf"`);
    expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const doc = await PDFDocument.load(res.bytes);
    expect(doc.getTitle()).toBe(`SoleSwap packing slip - Trade #${tradeId}`);
    expect(doc.getPageCount()).toBe(1);
    const text = drawnText(res.bytes);
    expect(text).toContain(`Trade #${tradeId}`);
    expect(text).toContain('In the box (2 pairs)');
    for (const expected of ['Nike Dunk Low Panda', 'DD1391-100', '10.5', 'White/Black', 'Jordan Air Jordan 1 Chicago', '555088-101', '9']) {
      expect(text).toContain(expected);
    }
    // From Alice (who packs this box) to Bob; the QR code's trade page is printed too.
    const lines = text.split('\n');
    expect(lines.indexOf(alice.user.username)).toBeLessThan(lines.indexOf(bob.user.username));
    expect(text).toContain(`/trades?trade=${tradeId}`);
    // Alice's box goes to Bob's ship-to address, and that read of his address is recorded.
    for (const line of ['Ben Baker', '12 Quartz Mews', 'London, N1 9GU', 'United Kingdom']) expect(lines).toContain(line);
    const reads = await testApp().ctx.db.select().from(addressReads).where(eq(addressReads.tradeId, tradeId));
    expect(reads.map((r) => ({ readerId: r.readerId, ownerId: r.ownerId, reason: r.reason }))).toEqual([
      { readerId: alice.user.id, ownerId: bob.user.id, reason: 'counterparty' },
    ]);

    // Bob's slip lists his own pair, going to Alice.
    const bobs = drawnText((await slip(bob, tradeId)).bytes);
    expect(bobs).toContain('In the box (1 pair)');
    expect(bobs).not.toContain('Dunk Low Panda');

    // Still there once shipped, in a dispute and afterwards.
    await alice.post(`/api/trades/${tradeId}/ship`, SHIP_BODY);
    expect((await slip(alice, tradeId)).status).toBe(200);
  });

  it('is refused before acceptance (409), to a stranger (404) and to an admin reading a dispute (403)', async () => {
    const { alice, bob, tradeId } = await pendingTrade();
    const early = await slip(alice, tradeId);
    expect(early.status).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'TRADE_INVALID_TRANSITION',
      message: 'This trade is pending: a packing slip is ready once the trade is accepted',
    });

    await bob.post(`/api/trades/${tradeId}/accept`);
    const eve = await memberWithSneakers(testApp(), 'eve', 0);
    expect((await slip(eve, tradeId)).status).toBe(404);
    expect((await slip(eve, 2_000_000)).status).toBe(404);
    const visitor = await testApp().app.inject({ method: 'GET', url: `/api/trades/${tradeId}/packing-slip.pdf` });
    expect(visitor.statusCode).toBe(401);

    await alice.post(`/api/trades/${tradeId}/dispute`, { reason: 'Nothing arrived' });
    const admin = await memberWithSneakers(testApp(), 'admin', 0, 'admin');
    expect((await admin.get(`/api/trades/${tradeId}`)).status).toBe(200);
    const refused = await slip(admin, tradeId);
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it(`is limited to ${PACKING_SLIPS_PER_MINUTE} a minute per member`, async () => {
    const { alice, bob, tradeId } = await pendingTrade();
    await bob.post(`/api/trades/${tradeId}/accept`);
    for (let i = 0; i < PACKING_SLIPS_PER_MINUTE; i++) expect((await slip(alice, tradeId)).status).toBe(200);
    const limited = await slip(alice, tradeId);
    expect(limited.status).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await slip(bob, tradeId)).status).toBe(200);
  });
});
