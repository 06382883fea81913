import { describe, expect, it } from 'vitest';
import { buildSneaker } from '../../../test/factories';
import { drawnText, inkedWords } from '../../../test/pdf-text';
import { useTestApp } from '../../../test/test-app';
import { memberWithSneakers, proposal } from './trades.int-helpers';

/** A slip's text, read by pdftotext, with the blank lines between blocks dropped. */
const linesOf = (pdf: Uint8Array) =>
  drawnText(pdf)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

describe("packing slips print a member's address in its script and its country's order (issue #43)", () => {
  const testApp = useTestApp();

  /** Alice's slip for a trade whose other side, Bob, ships to `address`. */
  async function slipTo(address: Record<string, string>, sneakerName = 'Dunk Low Panda') {
    const alice = await memberWithSneakers(testApp(), 'alice', 0);
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const pair = await buildSneaker(testApp().ctx, { userId: alice.user.id, name: sneakerName, brand: 'Nike', size: '10' });
    const proposed = await alice.post('/api/trades', proposal({ sneakers: [pair] }, bob));
    expect(proposed.status).toBe(201);
    const home = await bob.post('/api/addresses', address);
    expect(home.status, JSON.stringify(home.body)).toBe(201);
    const tradeId = proposed.body.id as number;
    expect((await bob.post(`/api/trades/${tradeId}/accept`, { shipToAddressId: home.body.id })).status).toBe(200);
    const res = await testApp().app.inject({ method: 'GET', url: `/api/trades/${tradeId}/packing-slip.pdf`, headers: { cookie: alice.cookie! } });
    expect(res.statusCode).toBe(200);
    return { lines: linesOf(res.rawPayload), words: inkedWords(res.rawPayload), bob };
  }

  it('prints a Japanese address in Japanese, from 〒 down to the name with 様 (it printed "?")', async () => {
    const { lines, words, bob } = await slipTo(
      { name: '山田太郎', line1: '千代田1-1', city: '千代田区', region: 'Tokyo', postalCode: '1000001', country: 'JP' },
      'エアマックス 90 東京',
    );
    const at = lines.indexOf('〒100-0001');
    expect(at, lines.join('\n')).toBeGreaterThan(lines.indexOf(bob.user.username));
    expect(lines.slice(at, at + 5)).toEqual(['〒100-0001', '東京都千代田区', '千代田1-1', '山田太郎 様', 'JAPAN']);
    // A pair's name in Japanese prints too.
    expect(lines).toContain('Nike エアマックス 90 東京');
    expect(lines.filter((line) => line.includes('?') && !line.startsWith('http'))).toEqual([]);
    // Printed in ink, not only readable by pdftotext.
    for (const word of ['〒100-0001', '東京都千代田区', '千代田1-1', '山田太郎', '様', 'エアマックス']) {
      expect(words.find((w) => w.text === word)?.ink, word).toBeGreaterThan(0.08);
    }
  });

  it('prints a German address as Name / Straße Hausnummer / PLZ Ort / GERMANY, ß and umlauts as typed', async () => {
    const { lines } = await slipTo({ name: 'Jürgen Groß', line1: 'Müllerstraße 12', city: 'Berlin', postalCode: '10115', country: 'DE' });
    const at = lines.indexOf('Jürgen Groß');
    expect(at, lines.join('\n')).toBeGreaterThan(0);
    expect(lines.slice(at, at + 4)).toEqual(['Jürgen Groß', 'Müllerstraße 12', '10115 Berlin', 'GERMANY']);
  });

  it('prints Greek and Cyrillic names as typed', async () => {
    const { lines } = await slipTo({ name: 'Γιώργος Παπαδόπουλος', line1: 'ул. Тверская 7', city: 'Berlin', postalCode: '10115', country: 'DE' });
    expect(lines).toContain('Γιώργος Παπαδόπουλος');
    expect(lines).toContain('ул. Тверская 7');
  });
});
