import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { addressReads } from '../../db/schema/index';
import { buildSneaker } from '../../../test/factories';
import { drawnText } from '../../../test/pdf-text';
import { useTestApp, type TestClient } from '../../../test/test-app';
import { ADDRESS_CITY_MAX, ADDRESS_LINE_MAX, ADDRESS_NAME_MAX } from '@soleswap/contracts/addresses';
import { PACKING_SLIPS_PER_MINUTE } from './trades.routes';
import { shipBody, memberWithSneakers, proposal } from './trades.int-helpers';

interface Word {
  text: string;
  page: number;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word the PDF draws with its box, from poppler's `pdftotext -bbox` (points, from the page's top left). */
function drawnWords(pdf: Buffer): { width: number; height: number; words: Word[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'slip-'));
  try {
    const file = path.join(dir, 'slip.pdf');
    writeFileSync(file, pdf);
    const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
    const [, width, height] = /<page width="([\d.]+)" height="([\d.]+)"/.exec(html)!.map(Number);
    const words: Word[] = [];
    html
      .split('<page ')
      .slice(1)
      .forEach((pageHtml, page) => {
        for (const m of pageHtml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
          words.push({ text: m[5]!, page, xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]) });
        }
      });
    return { width: width!, height: height!, words };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
    expect(lines.slice(lines.indexOf('Ben Baker'), lines.indexOf('Ben Baker') + 5)).toEqual([
      'Ben Baker',
      '12 Quartz Mews',
      'London',
      'N1 9GU',
      'UNITED KINGDOM',
    ]);
    const reads = await testApp().ctx.db.select().from(addressReads).where(eq(addressReads.tradeId, tradeId));
    expect(reads.map((r) => ({ readerId: r.readerId, ownerId: r.ownerId, reason: r.reason }))).toEqual([
      { readerId: alice.user.id, ownerId: bob.user.id, reason: 'counterparty' },
    ]);

    // Bob's slip lists his own pair, going to Alice.
    const bobs = drawnText((await slip(bob, tradeId)).bytes);
    expect(bobs).toContain('In the box (1 pair)');
    expect(bobs).not.toContain('Dunk Low Panda');

    // Still there once shipped, in a dispute and afterwards.
    await alice.post(`/api/trades/${tradeId}/ship`, shipBody());
    expect((await slip(alice, tradeId)).status).toBe(200);
  });

  it('wraps long names and address lines inside their column: never under the QR code, into the other column or off the page (issue #39)', async () => {
    const { alice, bob, tradeId } = await pendingTrade();
    // The longest a member may type: a username without a space, and an address at every field's limit.
    expect((await alice.request('PATCH', '/api/auth/user', { username: 'W'.repeat(30) })).status).toBe(200);
    expect((await bob.request('PATCH', '/api/auth/user', { username: 'M'.repeat(30) })).status).toBe(200);
    const long = {
      name: 'Maximiliana Wolfeschlegelsteinhausenberger '.repeat(3).slice(0, ADDRESS_NAME_MAX).trim(),
      line1: 'W'.repeat(ADDRESS_LINE_MAX),
      line2: 'Apartment 1234 Building Wing West Tower Floor Ninety Nine '.repeat(3).slice(0, ADDRESS_LINE_MAX).trim(),
      city: 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch Townshipville Westburgh'.slice(0, ADDRESS_CITY_MAX),
      region: 'CA',
      postalCode: '94103-1234',
      country: 'US',
    };
    const home = await bob.post('/api/addresses', long);
    expect(home.status).toBe(201);
    expect((await bob.post(`/api/trades/${tradeId}/accept`, { shipToAddressId: home.body.id })).status).toBe(200);

    const res = await slip(alice, tradeId);
    expect(res.status).toBe(200);
    const { width, height, words } = drawnWords(res.bytes);
    const firstPage = words.filter((w) => w.page === 0);
    const margin = 48;
    const qr = { xMin: width - margin - 132, yMin: margin, xMax: width - margin, yMax: margin + 132 };
    const toX = margin + 200;
    // The names block: from the "From" and "To" labels down to the dates line.
    const top = firstPage.find((w) => w.text === 'From')!.yMax;
    const bottom = firstPage.find((w) => w.text === 'Accepted')!.yMin;
    // (The QR code's caption sits under it, right of the To column.)
    const block = firstPage.filter((w) => w.yMin > top && w.yMax < bottom && w.xMin < qr.xMin);
    // Every character of the ship-to is printed (wrapped, not cut).
    const toText = block
      .filter((w) => w.xMin >= toX - 0.5)
      .map((w) => w.text)
      .join('');
    // (A US city prints in capitals, as USPS asks.)
    for (const field of [long.name, long.line1, long.line2, long.city.toUpperCase(), 'M'.repeat(30)])
      expect(toText).toContain(field.replace(/\s+/g, ''));
    expect(
      block
        .filter((w) => w.xMin < toX - 0.5)
        .map((w) => w.text)
        .join(''),
    ).toBe('W'.repeat(30));

    // Each column ends with a gap before the next column or the QR code.
    const outside = block.filter((w) => (w.xMin < toX - 0.5 ? w.xMax > toX - 6 : w.xMax > qr.xMin - 6));
    expect(outside, 'words past their column').toEqual([]);
    const underQr = words.filter((w) => w.page === 0 && w.xMax > qr.xMin && w.xMin < qr.xMax && w.yMax > qr.yMin && w.yMin < qr.yMax);
    expect(underQr, 'words drawn over the QR code').toEqual([]);
    const offPage = words.filter(
      (w) => w.xMin < margin - 0.5 || w.xMax > width - margin + 0.5 || w.yMin < margin - 0.5 || w.yMax > height - margin + 4,
    );
    expect(offPage, 'words past the page margins').toEqual([]);
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
