const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** A ledger timestamp in the reader's time zone, to the second. */
export function formatLedgerTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}

/** What each escrow event means, in words. */
export const LEDGER_EVENT_LABELS: Record<string, string> = {
  lock: 'Escrow locked',
  ship: 'Parcel shipped',
  receive: 'Parcel received',
  release: 'Escrow released',
  refund: 'Escrow refunded',
  dispute: 'Dispute opened',
};

export function eventLabel(event: string): string {
  return LEDGER_EVENT_LABELS[event] ?? event;
}
