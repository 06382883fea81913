import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';

/** One pair in the box. */
export interface PackingSlipPair {
  name: string;
  brand: string;
  colorway: string | null;
  styleCode: string | null;
  size: string;
  condition: string;
}

/** What one party's packing slip says: the box they send to the other party. */
export interface PackingSlip {
  /** What the box is for, the slip's heading: 'Trade #12', or a loop's leg, 'Loop #5, leg 2 of 3'. */
  reference: string;
  fromName: string;
  toName: string;
  /** The receiving party's ship-to address as printed lines, when they chose one. */
  toAddress: string[] | null;
  pairs: PackingSlipPair[];
  acceptedAt: Date | null;
  shipBy: Date | null;
  /** The trade's (or loop's) page, printed as a QR code and as text. */
  tradeUrl: string;
  /** What to do once the parcel is handed over, one printed line each; the default is a member's. */
  closing?: string[];
}

const MEMBER_CLOSING = [
  'Put this slip in the box, on top of the pairs. Mark your side shipped with the tracking number',
  'once the parcel is handed to UPS, USPS or FedEx.',
];

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 48;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const QR_SIZE = 132;
/** The QR code's left edge; the To column ends a gutter before it. */
const QR_X = PAGE.width - MARGIN - QR_SIZE;
const GUTTER = 12;
/** The two columns of names and the address, side by side left of the QR code. */
const FROM = { x: MARGIN, width: 200 - GUTTER };
const TO = { x: MARGIN + 200, width: QR_X - GUTTER - (MARGIN + 200) };
/** Lowest a table row may reach before the slip goes on over a new page (the trade's URL is printed below). */
const TABLE_BOTTOM = MARGIN + 40;

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '-');

/**
 * Text the standard PDF fonts can draw: they cover Western European letters (WinAnsi) only, so
 * any other character a member typed in a sneaker or member name is printed as '?' rather than
 * failing the whole slip.
 */
function printable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.replace(/\s+/g, ' ')].map((c) => (supported.has(c.codePointAt(0)!) ? c : '?')).join('');
}

/** Cuts text to a width with an ellipsis-free "..." (the table's columns are fixed). */
function fitted(font: PDFFont, text: string, size: number, width: number): string {
  let out = text;
  while (out.length > 1 && font.widthOfTextAtSize(out, size) > width) out = out.slice(0, -1);
  return out === text ? text : `${out.slice(0, -3)}...`;
}

/**
 * Text broken into lines no wider than `width`: at spaces where it can, inside a word only when the
 * word alone is wider (a 120-character street with no space still stays in its column).
 */
export function wrapped(font: PDFFont, text: string, size: number, width: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/** The trade page's URL as a QR code, drawn as squares (sharp at any print size). */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + quiet * 2);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      page.drawRectangle({ x: x + (col + quiet) * cell, y: y + size - (row + quiet + 1) * cell, width: cell, height: cell, color: INK });
    }
  }
}

/**
 * A printable A4 packing slip: the trade number, from and to, what goes in the box (name, brand,
 * colorway, style code, size, condition), the dates, and a QR code of the trade's page. The
 * document's title names the trade too. Made with pdf-lib; fonts are the PDF standard ones.
 */
export async function renderPackingSlip(slip: PackingSlip): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = `SoleSwap packing slip - ${slip.reference}`;
  doc.setTitle(title);
  doc.setSubject(`What goes in the box from ${slip.fromName} to ${slip.toName}`);
  doc.setProducer('SoleSwap');
  doc.setCreator('SoleSwap');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage([PAGE.width, PAGE.height]);
  const text = (value: string, x: number, y: number, { size = 11, font = regular, color = INK } = {}) =>
    page.drawText(printable(font, value), { x, y, size, font, color });

  let y = PAGE.height - MARGIN - 20;
  text('SoleSwap packing slip', MARGIN, y, { size: 12, color: MUTED });
  y -= 30;
  text(slip.reference, MARGIN, y, { size: 26, font: bold });
  drawQr(page, slip.tradeUrl, QR_X, PAGE.height - MARGIN - QR_SIZE, QR_SIZE);
  text('Scan for the trade page', QR_X + 10, PAGE.height - MARGIN - QR_SIZE - 10, { size: 8, color: MUTED });

  // From and To are columns: every name and address line wraps inside its own, so a long one
  // never runs into the other column, under the QR code or off the page.
  y -= 34;
  text('From', FROM.x, y, { size: 9, color: MUTED });
  text('To', TO.x, y, { size: 9, color: MUTED });
  y -= 16;
  const column = (x: number, width: number, top: number, blocks: { value: string; size: number; font: PDFFont; gap: number }[]) => {
    let at = top;
    blocks.forEach((block, i) => {
      wrapped(block.font, printable(block.font, block.value), block.size, width).forEach((line, j) => {
        if (i > 0 || j > 0) at -= block.gap;
        text(line, x, at, { size: block.size, font: block.font });
      });
    });
    return at;
  };
  const fromEnd = column(FROM.x, FROM.width, y, [{ value: slip.fromName, size: 13, font: bold, gap: 15 }]);
  const toEnd = column(TO.x, TO.width, y, [
    { value: slip.toName, size: 13, font: bold, gap: 15 },
    ...(slip.toAddress ?? []).map((value) => ({ value, size: 11, font: regular, gap: 15 })),
  ]);
  y = Math.min(fromEnd, toEnd) - 24;
  text(`Accepted ${day(slip.acceptedAt)}  ·  Ship by ${day(slip.shipBy)}`, MARGIN, y, { size: 10, color: MUTED });

  y = Math.min(y, PAGE.height - MARGIN - QR_SIZE - 30) - 30;
  const columns = [
    { label: 'Sneaker', x: MARGIN, width: 230 },
    { label: 'Style code', x: MARGIN + 236, width: 100 },
    { label: 'Size (US)', x: MARGIN + 342, width: 60 },
    { label: 'Condition', x: MARGIN + 408, width: 90 },
  ];
  const tableHead = () => {
    for (const column of columns) text(column.label, column.x, y, { size: 9, font: bold, color: MUTED });
    y -= 6;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.5, color: MUTED });
  };
  /** A new page (with the table's head again) when `height` more would reach the bottom margin. */
  const room = (height: number, { table = true } = {}) => {
    if (y - height >= TABLE_BOTTOM) return;
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN - 20;
    text(`${slip.reference} (continued)`, MARGIN, y, { size: 12, color: MUTED });
    y -= 30;
    if (table) tableHead();
  };
  // The heading, the table's head and a first row stay together.
  room(80, { table: false });
  text(`In the box (${slip.pairs.length} ${slip.pairs.length === 1 ? 'pair' : 'pairs'})`, MARGIN, y, { size: 14, font: bold });
  y -= 22;
  tableHead();
  for (const pair of slip.pairs) {
    room(pair.colorway ? 37 : 24);
    y -= 18;
    const name = fitted(regular, printable(regular, `${pair.brand} ${pair.name}`), 11, columns[0]!.width);
    text(name, columns[0]!.x, y);
    text(pair.styleCode ?? '-', columns[1]!.x, y);
    text(pair.size, columns[2]!.x, y);
    text(`${pair.condition} / 10`, columns[3]!.x, y);
    if (pair.colorway) {
      y -= 13;
      text(fitted(regular, printable(regular, pair.colorway), 9, columns[0]!.width), columns[0]!.x, y, { size: 9, color: MUTED });
    }
    y -= 6;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.25, color: MUTED });
  }

  const closing = slip.closing ?? MEMBER_CLOSING;
  room(20 + 14 * closing.length, { table: false });
  y -= 20;
  for (const line of closing) {
    y -= 14;
    text(line, MARGIN, y, { size: 10 });
  }
  for (const each of doc.getPages()) {
    each.drawText(printable(regular, slip.tradeUrl), { x: MARGIN, y: MARGIN, size: 9, font: regular, color: MUTED });
  }
  // Plain objects (no object streams): the document's title and structure are readable as they are.
  return doc.save({ useObjectStreams: false });
}
