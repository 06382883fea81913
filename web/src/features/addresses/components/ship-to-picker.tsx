import { useEffect, useId } from 'react';
import { Link } from 'wouter';
import { Spinner } from '../../../components/ui/spinner';
import { toUserMessage } from '../../../lib/api-client';
import { useMyAddresses } from '../api/addresses';
import { addressSummary } from '../format-address';

export interface ShipToPickerProps {
  value: number | null;
  onChange: (addressId: number | null) => void;
  /** The trade goes through the authentication centre: only the centre reads the address, never the other member. */
  viaCentre?: boolean;
}

/**
 * "Ship my pairs to": one of my addresses, the newest chosen at first. Only this address, never
 * the book, is shown to the trade's other side, and only from acceptance; via the authentication
 * centre, only to the centre when it sends a pair to me (docs/rules/addresses.md).
 */
export function ShipToPicker({ value, onChange, viaCentre = false }: ShipToPickerProps) {
  const id = useId();
  const addresses = useMyAddresses();
  const items = addresses.data?.items ?? [];
  const first = items[0]?.id ?? null;

  useEffect(() => {
    if (value === null && first !== null) onChange(first);
  }, [value, first, onChange]);

  if (addresses.isPending) return <Spinner label="Loading your addresses" />;
  if (addresses.isError) return <p className="text-sm text-destructive">{toUserMessage(addresses.error, 'Your addresses could not be loaded')}</p>;
  if (items.length === 0) {
    return (
      <p className="text-sm text-muted">
        You have no address yet.{' '}
        <Link href="/settings/addresses" className="font-medium text-accent underline">
          Add one in your address book
        </Link>{' '}
        {viaCentre ? 'so the authentication centre knows where to send the pairs you receive.' : 'so the other side knows where to send your pairs.'}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {viaCentre ? 'The centre sends the pairs you receive to' : <>Send the other side&apos;s pairs to</>}
      </label>
      <select
        id={id}
        className="h-10 w-full rounded-lg border border-border bg-surface px-3 text-sm"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        {items.map((address) => (
          <option key={address.id} value={address.id}>
            {addressSummary(address)}
          </option>
        ))}
      </select>
      <p className="text-xs text-muted">
        {viaCentre
          ? 'Only the authentication centre sees this address, when it sends you the pairs that passed (or yours back, if the trade fails). The other member never sees it.'
          : 'Only this address is shown to them, from acceptance until 30 days after the trade ends.'}
      </p>
    </div>
  );
}
