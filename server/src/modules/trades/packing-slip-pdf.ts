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
  tradeId: number;
  fromName: string;
  toName: string;
  /** The receiving party's ship-to address as printed lines, when they chose one. */
  toAddress: string[] | null;
  pairs: PackingSlipPair[];
  acceptedAt: Date | null;
  shipBy: Date | null;
  /** The trade's page, printed as a QR code and as text. */
  tradeUrl: string;
}

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 48;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const QR_SIZE = 132;

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
  const title = `SoleSwap packing slip - Trade #${slip.tradeId}`;
  doc.setTitle(title);
  doc.setSubject(`What goes in the box from ${slip.fromName} to ${slip.toName}`);
  doc.setProducer('SoleSwap');
  doc.setCreator('SoleSwap');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const text = (value: string, x: number, y: number, { size = 11, font = regular, color = INK } = {}) =>
    page.drawText(printable(font, value), { x, y, size, font, color });

  let y = PAGE.height - MARGIN - 20;
  text('SoleSwap packing slip', MARGIN, y, { size: 12, color: MUTED });
  y -= 30;
  text(`Trade #${slip.tradeId}`, MARGIN, y, { size: 26, font: bold });
  drawQr(page, slip.tradeUrl, PAGE.width - MARGIN - QR_SIZE, PAGE.height - MARGIN - QR_SIZE, QR_SIZE);
  text('Scan for the trade page', PAGE.width - MARGIN - QR_SIZE + 10, PAGE.height - MARGIN - QR_SIZE - 10, { size: 8, color: MUTED });

  y -= 34;
  text('From', MARGIN, y, { size: 9, color: MUTED });
  text('To', MARGIN + 200, y, { size: 9, color: MUTED });
  y -= 16;
  text(slip.fromName, MARGIN, y, { size: 13, font: bold });
  text(slip.toName, MARGIN + 200, y, { size: 13, font: bold });
  for (const line of slip.toAddress ?? []) {
    y -= 15;
    text(line, MARGIN + 200, y);
  }
  y -= 24;
  text(`Accepted ${day(slip.acceptedAt)}  ·  Ship by ${day(slip.shipBy)}`, MARGIN, y, { size: 10, color: MUTED });

  y = Math.min(y, PAGE.height - MARGIN - QR_SIZE - 30) - 30;
  text(`In the box (${slip.pairs.length} ${slip.pairs.length === 1 ? 'pair' : 'pairs'})`, MARGIN, y, { size: 14, font: bold });
  y -= 22;
  const columns = [
    { label: 'Sneaker', x: MARGIN, width: 230 },
    { label: 'Style code', x: MARGIN + 236, width: 100 },
    { label: 'Size (US)', x: MARGIN + 342, width: 60 },
    { label: 'Condition', x: MARGIN + 408, width: 90 },
  ];
  for (const column of columns) text(column.label, column.x, y, { size: 9, font: bold, color: MUTED });
  y -= 6;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.5, color: MUTED });
  for (const pair of slip.pairs) {
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

  y -= 34;
  text('Put this slip in the box, on top of the pairs. Mark your side shipped with the tracking number', MARGIN, y, { size: 10 });
  y -= 14;
  text('once the parcel is handed to UPS, USPS or FedEx.', MARGIN, y, { size: 10 });
  text(slip.tradeUrl, MARGIN, MARGIN, { size: 9, color: MUTED });
  // Plain objects (no object streams): the document's title and structure are readable as they are.
  return doc.save({ useObjectStreams: false });
}
