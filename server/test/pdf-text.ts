import { execFileSync } from 'node:child_process';

/**
 * The text a PDF's pages draw, as poppler's `pdftotext` reads it (UTF-8, in reading order, a form
 * feed between pages): the tests read a packing slip or a label as its printer would, whatever font
 * draws it (embedded fonts map their glyphs back to text, so Japanese reads as Japanese).
 */
export function drawnText(pdf: Uint8Array): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}
