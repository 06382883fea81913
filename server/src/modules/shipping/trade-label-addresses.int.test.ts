import { describe, expect, it } from 'vitest';
import { drawnText } from '../../../test/pdf-text';
import { useTestApp, type TestClient } from '../../../test/test-app';
import { memberWithSneakers, proposal } from '../trades/trades.int-helpers';

const JP = { name: '山田太郎', line1: '千代田1-1', city: '千代田区', region: 'Tokyo', postalCode: '1000001', country: 'JP' };
const DE = { name: 'Jürgen Groß', line1: 'Müllerstraße 12', city: 'Berlin', postalCode: '10115', country: 'DE' };
const JP_LINES = ['〒100-0001', '東京都千代田区', '千代田1-1', '山田太郎 様', 'JAPAN'];
const DE_LINES = ['Jürgen Groß', 'Müllerstraße 12', '10115 Berlin', 'GERMANY'];

/** A label (with its slip) as pdftotext reads it: its pages, each as its non-blank lines. */
const pagesOf = (pdf: Uint8Array) =>
  drawnText(pdf)
    .split('\f')
    .map((page) =>
      page
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length);

/** The lines after `heading` on a page, as many as `expected` has. */
const after = (lines: string[], heading: string, expected: string[]) => {
  const at = lines.indexOf(heading);
  expect(at, lines.join('\n')).toBeGreaterThanOrEqual(0);
  return lines.slice(at + 1, at + 1 + expected.length);
};

describe("a trade's shipping label prints a member's address in its script and its country's order (issue #43)", () => {
  const testApp = useTestApp();

  async function addressOf(member: TestClient, address: Record<string, string>): Promise<number> {
    const saved = await member.post('/api/addresses', address);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    return saved.body.id as number;
  }

  async function labelPdf(member: TestClient, tradeId: number) {
    const bought = await member.post(`/api/trades/${tradeId}/label`, { preset: 'one-pair' });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const res = await testApp().app.inject({ method: 'GET', url: `/api/trades/${tradeId}/label.pdf`, headers: { cookie: member.cookie! } });
    expect(res.statusCode).toBe(200);
    return pagesOf(res.rawPayload);
  }

  it('from Germany to Japan and back: the label and the slip print 〒100-0001 東京都千代田区 千代田1-1 山田太郎 様 and Jürgen Groß, Müllerstraße 12, 10115 Berlin', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice', 1);
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const aliceHome = await addressOf(alice, DE);
    const bobHome = await addressOf(bob, JP);
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), shipToAddressId: aliceHome });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const tradeId = proposed.body.id as number;
    expect((await bob.post(`/api/trades/${tradeId}/accept`, { shipToAddressId: bobHome })).status).toBe(200);

    // Alice's parcel goes to Bob in Tokyo: her label ships to his address, from hers.
    const [aliceLabel, aliceSlip] = await labelPdf(alice, tradeId);
    expect(after(aliceLabel!, 'SHIP TO', JP_LINES)).toEqual(JP_LINES);
    expect(after(aliceLabel!, 'FROM', DE_LINES)).toEqual(DE_LINES);
    expect(aliceSlip!.join('\n')).toContain(JP_LINES.join('\n'));

    // Bob's goes to Alice in Berlin.
    const [bobLabel, bobSlip] = await labelPdf(bob, tradeId);
    expect(after(bobLabel!, 'SHIP TO', DE_LINES)).toEqual(DE_LINES);
    expect(after(bobLabel!, 'FROM', JP_LINES)).toEqual(JP_LINES);
    expect(bobSlip!.join('\n')).toContain(DE_LINES.join('\n'));
    for (const page of [...aliceLabel!, ...bobLabel!]) expect(page).not.toContain('?');
  });
});
