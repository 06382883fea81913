const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "250.00" → "$250.00"; money arrives as decimal strings, formatted only for display. */
export function formatUsd(amount: string | number | null | undefined): string {
  const value = typeof amount === 'number' ? amount : Number.parseFloat(amount ?? '');
  return Number.isFinite(value) ? USD.format(value) : '—';
}
