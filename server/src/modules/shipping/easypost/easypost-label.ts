import { AppError } from '../../../errors';
import { EASYPOST_TIMEOUT_MS } from './easypost-client';

/** The most bytes a label PDF may have (EasyPost's 4x6 labels are tens of kilobytes). */
const LABEL_MAX_BYTES = 5 * 1024 * 1024;

/**
 * A bought label's PDF, fetched from the URL EasyPost gave (its label store), within our timeout.
 * Anything but a PDF, or no answer, is 502 SHIPPING_PROVIDER_UNAVAILABLE: the label is bought, and
 * a retry under the same key answers the same shipment, whose label is fetched again.
 */
export async function fetchLabelPdf(url: string, timeoutMs: number = EASYPOST_TIMEOUT_MS): Promise<Uint8Array> {
  const unavailable = (cause?: unknown) =>
    new AppError('SHIPPING_PROVIDER_UNAVAILABLE', 'The label was bought but its PDF could not be fetched from EasyPost; please try again.', {
      cause,
    });
  let bytes: Uint8Array;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`label fetch answered ${response.status}`);
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw unavailable(error);
  }
  if (bytes.byteLength > LABEL_MAX_BYTES || Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') {
    throw unavailable(new Error('the label is not a PDF (was the shipment created with label_format PDF?)'));
  }
  return bytes;
}
