const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "250.00" → "$250.00"; money arrives as decimal strings, formatted only for display. */
export function formatUsd(amount: string | number | null | undefined): string {
  const value = typeof amount === 'number' ? amount : Number.parseFloat(amount ?? '');
  return Number.isFinite(value) ? USD.format(value) : '—';
}

/** "a1b2c3d4e5…9f0e1d": enough of a hash to recognise, short enough for a phone. */
export function shortenHash(hash: string, head = 10, tail = 6): string {
  return hash.length <= head + tail + 1 ? hash : `${hash.slice(0, head)}…${hash.slice(-tail)}`;
}

/** "9.5" → "9.5", "10.0" → "10": the condition out of 10 without a trailing ".0". */
export function formatCondition(condition: string): string {
  const value = Number.parseFloat(condition);
  return Number.isFinite(value) ? String(value) : condition;
}
