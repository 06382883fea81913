import { describe, expect, it } from 'vitest';
import { drawnText, inkedWords } from '../../../../test/pdf-text';
import type { ShippingAddress } from '../shipping-provider';
import { drawSandboxLabel, SANDBOX_LABEL_MARK } from './sandbox-label-pdf';

const JP: ShippingAddress = {
  name: '山田太郎',
  line1: '千代田1-1',
  line2: null,
  city: '千代田区',
  region: 'JP-13',
  postalCode: '100-0001',
  country: 'JP',
};
const DE: ShippingAddress = {
  name: 'Jürgen Groß',
  line1: 'Müllerstraße 12',
  line2: null,
  city: 'Berlin',
  region: null,
  postalCode: '10115',
  country: 'DE',
};

const draw = (from: ShippingAddress, to: ShippingAddress) =>
  drawSandboxLabel({
    carrier: 'ups',
    service: 'Ground',
    trackingNumber: '1Z5R89390357567127',
    from,
    to,
    parcel: 'One pair in its box',
    createdAt: new Date('2026-11-29T12:00:00Z'),
  });

/** A label's text, read by pdftotext, blank lines dropped. */
async function labelLines(from: ShippingAddress, to: ShippingAddress): Promise<string[]> {
  return drawnText(await draw(from, to))
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

describe("the sandbox's shipping label prints any member's address in its script and its country's order (issue #43)", () => {
  it('ships to Japan: 〒 postal code, prefecture and city, street, name with 様, JAPAN', async () => {
    const lines = await labelLines(DE, JP);
    const to = lines.indexOf('SHIP TO');
    expect(to, lines.join('\n')).toBeGreaterThan(0);
    expect(lines.slice(to + 1, to + 6)).toEqual(['〒100-0001', '東京都千代田区', '千代田1-1', '山田太郎 様', 'JAPAN']);
    expect(lines.filter((line) => line.includes('?'))).toEqual([]);
    expect(lines).toContain(SANDBOX_LABEL_MARK);
  });

  it('ships to Germany: Name / Straße Hausnummer / PLZ Ort / GERMANY, from a sender in Japan', async () => {
    const lines = await labelLines(JP, DE);
    const from = lines.indexOf('FROM');
    expect(lines.slice(from + 1, from + 6)).toEqual(['〒100-0001', '東京都千代田区', '千代田1-1', '山田太郎 様', 'JAPAN']);
    const to = lines.indexOf('SHIP TO');
    expect(lines.slice(to + 1, to + 5)).toEqual(['Jürgen Groß', 'Müllerstraße 12', '10115 Berlin', 'GERMANY']);
  });

  it('prints every word in ink, not only in its text map (a broken font subset drew most letters blank)', async () => {
    const words = inkedWords(await draw(DE, JP));
    for (const word of ['〒100-0001', '東京都千代田区', '山田太郎', '様', 'Jürgen', 'Groß', 'Müllerstraße', 'GERMANY', 'JAPAN']) {
      const drawn = words.find((w) => w.text === word);
      expect(drawn, word).toBeDefined();
      expect(drawn!.ink, word).toBeGreaterThan(0.08);
    }
  });
});
