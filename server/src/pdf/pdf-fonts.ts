import { Readable } from 'node:stream';
import { rgb, type Color, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import { fontBytes, type FontFile } from './font-files';

/**
 * Fonts for every PDF the product prints (packing slips, labels): a member's name and address in any
 * script our shipping countries write (Latin with its accents, Greek, Cyrillic, Japanese) prints as
 * typed, where pdf-lib's standard fonts printed '?'. Text is drawn in runs: each character in the
 * first font that has it (Noto Sans, then Noto Sans JP), a character neither has as '?'.
 */

interface Face {
  font: PDFFont;
  chars: Set<number>;
}
interface Weight {
  latin: Face;
  japanese: Face | null;
}
/** The fonts one document embedded; pass them to drawText, textWidth, wrapText and the like. */
export interface PdfFonts {
  regular: Weight;
  bold: Weight;
}

export interface TextStyle {
  size: number;
  bold?: boolean;
}

/** Characters only the Japanese font draws: kanji, kana, CJK punctuation (〒, 「」) and full-width forms. */
const JAPANESE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303F\uFF00-\uFFEF]/u;

/**
 * fontkit for pdf-lib, parsing each font file once per process. It is fontkit 2 (foliojs), not
 * pdf-lib's fork @pdf-lib/fontkit: the fork writes a subset's glyph offsets in the short form
 * without padding odd-length glyphs, so most letters of a Noto subset drew blank (pdftotext still
 * read them; a printer did not). fontkit 2 encodes a subset at once where pdf-lib reads a stream,
 * so each subset gets the stream pdf-lib expects. A parsed font holds no per-document state (each
 * document's subset is its own), so documents share it: pdf-lib alone parsed the Japanese font's
 * tables again for every slip, about a second of CPU.
 */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type FontkitFont = ReturnType<Fontkit['create']>;
const parsedFonts = new WeakMap<Uint8Array, FontkitFont>();
let parsingOnce: Promise<Fontkit> | null = null;

/** A fontkit 2 font as pdf-lib uses it: its subsets also answer encodeStream(). */
function forPdfLib(font: FontkitFont): FontkitFont {
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset() as ReturnType<FontkitFont['createSubset']> & { encode(): Uint8Array };
    subset.encodeStream = () => Readable.from([subset.encode()]);
    return subset;
  };
  return font;
}

/** fontkit, imported on the first PDF (its code and tables hold about 30 MB a server that prints nothing need not). */
function fontkitParsingOnce(): Promise<Fontkit> {
  parsingOnce ??= import('fontkit').then((fontkit): Fontkit => ({
    create(bytes) {
      let font = parsedFonts.get(bytes);
      if (!font) {
        font = forPdfLib(fontkit.create(bytes) as FontkitFont);
        parsedFonts.set(bytes, font);
      }
      return font;
    },
  }));
  return parsingOnce;
}

/** Each font file's characters, computed once per process from its first embedding. */
const charSets = new Map<FontFile, Set<number>>();

async function embed(doc: PDFDocument, file: FontFile): Promise<Face> {
  // Subset: the PDF carries only the glyphs it draws (a slip stays tens of kilobytes, not megabytes).
  const font = await doc.embedFont(await fontBytes(file), { subset: true });
  let chars = charSets.get(file);
  if (!chars) {
    chars = new Set(font.getCharacterSet());
    charSets.set(file, chars);
  }
  return { font, chars };
}

/** One string as it is printed: NFC (an accent typed apart joins its letter), any run of white space one space. */
const normalised = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ');

/**
 * Embeds the fonts a document needs into it: Noto Sans regular and bold always; Noto Sans JP (in the
 * weights that need it) only when some text to be drawn has Japanese in it. Name every text drawn
 * (`texts` regular, `boldTexts` bold): Japanese in a text not named falls back to '?'.
 */
export async function embedPdfFonts(doc: PDFDocument, { texts = [], boldTexts = [] }: { texts?: string[]; boldTexts?: string[] }): Promise<PdfFonts> {
  doc.registerFontkit(await fontkitParsingOnce());
  const hasJapanese = (list: string[]) => list.some((text) => JAPANESE.test(text));
  const [latin, latinBold, japanese, japaneseBold] = await Promise.all([
    embed(doc, 'latin'),
    embed(doc, 'latinBold'),
    hasJapanese(texts) ? embed(doc, 'japanese') : null,
    hasJapanese(boldTexts) ? embed(doc, 'japaneseBold') : null,
  ]);
  return {
    regular: { latin, japanese: japanese ?? japaneseBold },
    bold: { latin: latinBold, japanese: japaneseBold ?? japanese },
  };
}

interface Run {
  font: PDFFont;
  text: string;
}

/** The text split into runs of one font each (a character no font has becomes '?'). */
function runs(fonts: PdfFonts, text: string, bold = false): Run[] {
  const { latin, japanese } = bold ? fonts.bold : fonts.regular;
  const out: Run[] = [];
  for (const char of normalised(text)) {
    const code = char.codePointAt(0)!;
    const last = out.at(-1);
    let face = latin;
    let shown = char;
    if (char === ' ' && last) {
      last.text += char;
      continue;
    }
    if (!latin.chars.has(code)) {
      if (japanese?.chars.has(code)) face = japanese;
      else shown = '?';
    }
    if (last?.font === face.font) last.text += shown;
    else out.push({ font: face.font, text: shown });
  }
  return out;
}

/** The width of a text in points at a size. */
export function textWidth(fonts: PdfFonts, text: string, { size, bold }: TextStyle): number {
  return runs(fonts, text, bold).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
}

/** Draws a text with its left end at (x, y), each run in its own font, one after the other. */
export function drawText(
  page: PDFPage,
  fonts: PdfFonts,
  text: string,
  { x, y, size, bold, color = rgb(0, 0, 0) }: TextStyle & { x: number; y: number; color?: Color },
): void {
  let at = x;
  for (const run of runs(fonts, text, bold)) {
    page.drawText(run.text, { x: at, y, size, font: run.font, color });
    at += run.font.widthOfTextAtSize(run.text, size);
  }
}

/**
 * Text broken into lines no wider than `width`: at spaces where it can, inside a word only when the
 * word alone is wider (a 120-character street with no space, or a Japanese line, which has none,
 * still stays in its column). Cuts fall between characters, never inside one.
 */
export function wrapText(fonts: PdfFonts, text: string, style: TextStyle & { width: number }): string[] {
  const fits = (line: string) => textWidth(fonts, line, style) <= style.width;
  const lines: string[] = [];
  let line = '';
  for (const word of normalised(text).split(' ').filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    let rest = [...word];
    while (!fits(rest.join(''))) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut).join(''))) cut--;
      lines.push(rest.slice(0, cut).join(''));
      rest = rest.slice(cut);
    }
    line = rest.join('');
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/** A text cut to a width, ending in "..." when it was cut (for fixed table columns). */
export function fitText(fonts: PdfFonts, text: string, style: TextStyle & { width: number }): string {
  const whole = [...normalised(text)];
  let out = whole;
  while (out.length > 1 && textWidth(fonts, out.join(''), style) > style.width) out = out.slice(0, -1);
  return out.length === whole.length ? whole.join('') : `${out.slice(0, -3).join('')}...`;
}

/**
 * Lines drawn down a column from `y` (the first line's baseline), each wrapped inside `width`,
 * `lineGap` points apart. Returns the last baseline drawn. An address on a label or a slip is
 * drawn this way: its lines come from addressLines (contracts/src/address-lines.ts).
 */
export function drawLines(
  page: PDFPage,
  fonts: PdfFonts,
  lines: string[],
  { x, y, width, size, bold, lineGap, color }: TextStyle & { x: number; y: number; width: number; lineGap: number; color?: Color },
): number {
  let at = y;
  wrapLines(fonts, lines, { size, bold, width }).forEach((line, i) => {
    if (i > 0) at -= lineGap;
    drawText(page, fonts, line, { x, y: at, size, bold, color });
  });
  return at;
}

/** Several texts wrapped inside one width, as the lines they print in. */
export function wrapLines(fonts: PdfFonts, texts: string[], style: TextStyle & { width: number }): string[] {
  return texts.flatMap((text) => wrapText(fonts, text, style));
}
