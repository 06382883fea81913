import { addressLines } from '@soleswap/contracts/address-lines';
import { CARRIER_NAMES, type Carrier } from '@soleswap/contracts/tracking-numbers';
import { PDFDocument, rgb } from 'pdf-lib';
import { drawLines, drawText, embedPdfFonts } from '../../../pdf/pdf-fonts';
import type { ShippingAddress } from '../shipping-provider';

export interface SandboxLabel {
  carrier: Carrier;
  service: string;
  trackingNumber: string;
  from: ShippingAddress;
  to: ShippingAddress;
  /** The box, as the preset names it ("One pair in its box"). */
  parcel: string;
  createdAt: Date;
}

/** A 4 x 6 inch label, in points. */
const PAGE = { width: 288, height: 432 };
const MARGIN = 16;
const WIDTH = PAGE.width - 2 * MARGIN;
const INK = rgb(0, 0, 0);
const MUTED = rgb(0.35, 0.35, 0.38);

/** The mark every sandbox label carries, so nobody hands one to a carrier. */
export const SANDBOX_LABEL_MARK = 'SANDBOX LABEL - NOT VALID FOR POSTAGE';

/**
 * The sandbox's label: a real PDF laid out as a 4 x 6 shipping label (carrier and service, the
 * sender's and the recipient's addresses in their countries' postal format, the tracking number),
 * drawn with the fonts every PDF of the product embeds (server/src/pdf/), so any member's name and
 * address prints as typed.
 */
export async function drawSandboxLabel(label: SandboxLabel): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${CARRIER_NAMES[label.carrier]} ${label.trackingNumber}`);
  const fromLines = addressLines(label.from);
  const toLines = addressLines(label.to);
  const heading = `${CARRIER_NAMES[label.carrier]} ${label.service}`;
  const fonts = await embedPdfFonts(doc, {
    texts: [...fromLines, label.parcel, SANDBOX_LABEL_MARK],
    boldTexts: [...toLines, heading, label.trackingNumber],
  });
  const page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN - 18;

  drawText(page, fonts, heading, { x: MARGIN, y, size: 18, bold: true });
  y -= 16;
  drawText(page, fonts, `${label.createdAt.toISOString().slice(0, 10)}  ·  ${label.parcel}`, { x: MARGIN, y, size: 8, color: MUTED });
  y -= 10;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 1.5, color: INK });

  y -= 14;
  drawText(page, fonts, 'FROM', { x: MARGIN, y, size: 7, color: MUTED });
  y = drawLines(page, fonts, fromLines, { x: MARGIN, y: y - 11, width: WIDTH, size: 9, lineGap: 11 }) - 18;

  drawText(page, fonts, 'SHIP TO', { x: MARGIN, y, size: 8, color: MUTED });
  y = drawLines(page, fonts, toLines, { x: MARGIN + 10, y: y - 17, width: WIDTH - 10, size: 14, bold: true, lineGap: 17 }) - 16;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 1.5, color: INK });

  y -= 18;
  drawText(page, fonts, 'TRACKING #', { x: MARGIN, y, size: 8, color: MUTED });
  drawText(page, fonts, label.trackingNumber, { x: MARGIN, y: y - 20, size: 15, bold: true });
  drawBars(page, label.trackingNumber, { x: MARGIN, y: MARGIN + 30, width: WIDTH, height: 50 });
  drawText(page, fonts, SANDBOX_LABEL_MARK, { x: MARGIN, y: MARGIN + 8, size: 8, color: MUTED });
  return doc.save();
}

/**
 * Bars standing in for the carrier's barcode: drawn from the number's characters so each label
 * looks its own, but no scanner reads them (it is a sandbox label).
 */
function drawBars(page: ReturnType<PDFDocument['addPage']>, text: string, box: { x: number; y: number; width: number; height: number }): void {
  const widths = [...text].flatMap((char) => {
    const code = char.charCodeAt(0);
    return [1 + (code % 3), 1 + ((code >> 2) % 2), 2 + ((code >> 1) % 2), 1];
  });
  const unit = box.width / widths.reduce((sum, w) => sum + w, 0);
  let x = box.x;
  widths.forEach((w, i) => {
    if (i % 2 === 0) page.drawRectangle({ x, y: box.y, width: w * unit, height: box.height, color: INK });
    x += w * unit;
  });
}
