import { MapPin, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteAddress, useMyAddresses } from '../api/addresses';
import { addressLines } from '@soleswap/contracts/address-lines';
import { AddressForm } from './address-form';

/**
 * /settings/addresses: my private address book. A trade's other side sees only the one address I
 * choose for that trade, from acceptance until 30 days after it ends (docs/rules/addresses.md).
 */
export function AddressBookPage() {
  const addresses = useMyAddresses();
  const remove = useDeleteAddress();

  function onDelete(id: number) {
    remove.mutate(id, {
      onSuccess: () => toast({ title: 'Address deleted' }),
      onError: (error) => toast({ title: toUserMessage(error, 'The address could not be deleted'), variant: 'destructive' }),
    });
  }

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-8 px-4 py-8 sm:px-6">
      <div>
        <h1 className="font-display font-extrabold text-2xl tracking-tight sm:text-3xl">Addresses</h1>
        <p className="mt-2 text-sm text-muted">
          Where traders send your pairs. Nobody sees this book; when you accept or propose a trade you choose one address, and only that trade&apos;s
          other side sees it, from acceptance until 30 days after the trade ends.
        </p>
      </div>
      <section aria-labelledby="my-addresses" className="flex flex-col gap-3">
        <h2 id="my-addresses" className="font-semibold text-lg">
          My addresses
        </h2>
        {addresses.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading your addresses" />
          </div>
        ) : addresses.isError ? (
          <LoadError message={toUserMessage(addresses.error, 'Your addresses could not be loaded')} onRetry={() => addresses.refetch()} />
        ) : addresses.data.items.length === 0 ? (
          <EmptyState icon={<MapPin aria-hidden="true" />} title="No addresses yet" description="Add one below to receive pairs from your trades." />
        ) : (
          <ul className="flex flex-col gap-3">
            {addresses.data.items.map((address) => (
              <li key={address.id} className="flex items-start justify-between gap-3 rounded-xl border border-border bg-surface p-4">
                <address className="text-sm not-italic break-words">
                  {addressLines(address).map((line, i) => (
                    <span key={i} className={i === 0 ? 'block font-semibold' : 'block'}>
                      {line}
                    </span>
                  ))}
                </address>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete ${address.line1}`}
                  disabled={remove.isPending}
                  onClick={() => onDelete(address.id)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="add-address" className="flex flex-col gap-3">
        <h2 id="add-address" className="font-semibold text-lg">
          Add an address
        </h2>
        <AddressForm onSaved={() => toast({ title: 'Address saved' })} />
      </section>
    </div>
  );
}
