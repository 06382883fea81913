/** A postal code as carriers and members write it alike: capitals, no spaces or dashes. */
function normalised(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

/**
 * Whether the carrier's postal code names another place than the leg's ship-to
 * (docs/rules/shipping.md#carrier-events). A US ZIP+4 and its five-digit ZIP are one place; an
 * unknown code on either side is no mismatch (nothing to warn about).
 */
export function isPostalMismatch(destination: string | null | undefined, carrier: string | null | undefined): boolean {
  if (!destination || !carrier) return false;
  const a = normalised(destination);
  const b = normalised(carrier);
  if (a === '' || b === '') return false;
  if (/^\d{5}(\d{4})?$/.test(a) && /^\d{5}(\d{4})?$/.test(b)) return a.slice(0, 5) !== b.slice(0, 5);
  return a !== b;
}
