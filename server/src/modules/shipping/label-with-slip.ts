import { PDFDocument } from 'pdf-lib';

/**
 * The label and the packing slip printed as one PDF (docs/rules/shipping.md#a-label-per-leg): the
 * label's pages first, then the slip's, copied page by page (pdf-lib's copyPages), each keeping its
 * own size (a 4 x 6 label, an A4 slip).
 */
export async function labelWithSlip(labelPdf: Uint8Array, slipPdf: Uint8Array): Promise<Uint8Array> {
  const merged = await PDFDocument.create();
  for (const bytes of [labelPdf, slipPdf]) {
    const source = await PDFDocument.load(bytes);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save();
}
