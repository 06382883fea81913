import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { drawText, embedPdfFonts, fitText, wrapText } from '../../pdf/pdf-fonts';

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
 * document's title names the trade too. Made with pdf-lib, in embedded fonts (pdf/pdf-fonts.ts) that
 * print a name or an address in any script members write, Japanese included.
 */
export async function renderPackingSlip(slip: PackingSlip): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = `SoleSwap packing slip - ${slip.reference}`;
  doc.setTitle(title);
  doc.setSubject(`What goes in the box from ${slip.fromName} to ${slip.toName}`);
  doc.setProducer('SoleSwap');
  doc.setCreator('SoleSwap');
  const closing = slip.closing ?? MEMBER_CLOSING;
  const fonts = await embedPdfFonts(doc, {
    texts: [
      ...(slip.toAddress ?? []),
      ...slip.pairs.flatMap((p) => [`${p.brand} ${p.name}`, p.colorway ?? '', p.styleCode ?? '', p.size]),
      ...closing,
    ],
    boldTexts: [slip.reference, slip.fromName, slip.toName],
  });
  let page = doc.addPage([PAGE.width, PAGE.height]);
  const text = (value: string, x: number, y: number, { size = 11, bold = false, color = INK } = {}) =>
    drawText(page, fonts, value, { x, y, size, bold, color });

  let y = PAGE.height - MARGIN - 20;
  text('SoleSwap packing slip', MARGIN, y, { size: 12, color: MUTED });
  y -= 30;
  text(slip.reference, MARGIN, y, { size: 26, bold: true });
  drawQr(page, slip.tradeUrl, QR_X, PAGE.height - MARGIN - QR_SIZE, QR_SIZE);
  text('Scan for the trade page', QR_X + 10, PAGE.height - MARGIN - QR_SIZE - 10, { size: 8, color: MUTED });

  // From and To are columns: every name and address line wraps inside its own, so a long one
  // never runs into the other column, under the QR code or off the page.
  y -= 34;
  text('From', FROM.x, y, { size: 9, color: MUTED });
  text('To', TO.x, y, { size: 9, color: MUTED });
  // Noto Sans rises higher than Helvetica did: the names start far enough down not to touch the labels.
  y -= 18;
  const column = (x: number, width: number, top: number, blocks: { value: string; size: number; bold: boolean; gap: number }[]) => {
    let at = top;
    blocks.forEach((block, i) => {
      wrapText(fonts, block.value, { size: block.size, bold: block.bold, width }).forEach((line, j) => {
        if (i > 0 || j > 0) at -= block.gap;
        text(line, x, at, { size: block.size, bold: block.bold });
      });
    });
    return at;
  };
  const fromEnd = column(FROM.x, FROM.width, y, [{ value: slip.fromName, size: 13, bold: true, gap: 15 }]);
  const toEnd = column(TO.x, TO.width, y, [
    { value: slip.toName, size: 13, bold: true, gap: 15 },
    ...(slip.toAddress ?? []).map((value) => ({ value, size: 11, bold: false, gap: 15 })),
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
    for (const column of columns) text(column.label, column.x, y, { size: 9, bold: true, color: MUTED });
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
  text(`In the box (${slip.pairs.length} ${slip.pairs.length === 1 ? 'pair' : 'pairs'})`, MARGIN, y, { size: 14, bold: true });
  y -= 22;
  tableHead();
  for (const pair of slip.pairs) {
    room(pair.colorway ? 37 : 24);
    y -= 18;
    const name = fitText(fonts, `${pair.brand} ${pair.name}`, { size: 11, width: columns[0]!.width });
    text(name, columns[0]!.x, y);
    text(pair.styleCode ?? '-', columns[1]!.x, y);
    text(pair.size, columns[2]!.x, y);
    text(`${pair.condition} / 10`, columns[3]!.x, y);
    if (pair.colorway) {
      y -= 13;
      text(fitText(fonts, pair.colorway, { size: 9, width: columns[0]!.width }), columns[0]!.x, y, { size: 9, color: MUTED });
    }
    y -= 6;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.25, color: MUTED });
  }

  room(20 + 14 * closing.length, { table: false });
  y -= 20;
  for (const line of closing) {
    y -= 14;
    text(line, MARGIN, y, { size: 10 });
  }
  for (const each of doc.getPages()) {
    drawText(each, fonts, slip.tradeUrl, { x: MARGIN, y: MARGIN, size: 9, color: MUTED });
  }
  // Plain objects (no object streams): the document's title and structure are readable as they are.
  return doc.save({ useObjectStreams: false });
}
