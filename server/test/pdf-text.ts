import { inflateSync } from 'node:zlib';

/**
 * The text a PDF's pages draw (pdf-lib's slips: each Flate stream inflated, each hex string of a Tj
 * decoded), without poppler: the tests read a packing slip as its printer would.
 */
export function drawnText(pdf: Buffer): string {
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
