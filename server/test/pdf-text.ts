import { execFileSync } from 'node:child_process';

/**
 * The text a PDF's pages draw, as poppler's `pdftotext` reads it (UTF-8, in reading order, a form
 * feed between pages): the tests read a packing slip or a label as its printer would, whatever font
 * draws it (embedded fonts map their glyphs back to text, so Japanese reads as Japanese).
 */
export function drawnText(pdf: Uint8Array): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** One word a PDF draws, where (points from the page's top left), and how much of its box is inked. */
export interface InkedWord {
  text: string;
  page: number;
  /** The share of the word's box that prints dark (0 to 1): a word whose font drew no glyphs has none. */
  ink: number;
}

/**
 * Every word with the ink a printer puts in its box: poppler's `pdftotext -bbox` says where each
 * word is, `pdftoppm -gray` paints the pages (2 pixels a point). pdftotext reads a word from the
 * font's text map even when its glyphs are blank, so only the painted page shows them printed.
 */
export function inkedWords(pdf: Uint8Array): InkedWord[] {
  const scale = 2;
  const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const pgm = execFileSync('pdftoppm', ['-r', String(72 * scale), '-gray', '-'], { input: pdf, maxBuffer: 512 * 1024 * 1024 });
  // Each page a binary PGM: "P5\n<width> <height>\n255\n" then one byte a pixel.
  const pages: { width: number; height: number; pixels: Buffer }[] = [];
  for (let at = 0; at < pgm.length;) {
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(at, at + 40).toString('latin1'))!;
    const [width, height] = [Number(header[1]), Number(header[2])];
    const start = at + header[0].length;
    pages.push({ width, height, pixels: pgm.subarray(start, start + width * height) });
    at = start + width * height;
  }
  return html
    .split('<page ')
    .slice(1)
    .flatMap((pageHtml, page) =>
      [...pageHtml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => {
        const { width, pixels } = pages[page]!;
        const [x0, y0, x1, y1] = [m[1], m[2], m[3], m[4]].map((v) => Math.round(Number(v) * scale));
        let dark = 0;
        for (let y = y0!; y < y1!; y++) for (let x = x0!; x < x1!; x++) if (pixels[y * width + x]! < 128) dark++;
        return { text: m[5]!, page, ink: dark / Math.max(1, (x1! - x0!) * (y1! - y0!)) };
      }),
    );
}
