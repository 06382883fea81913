import type { ParcelPreset, ShippingConfig } from '@soleswap/contracts/shipping';
import { Tag } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useBuyTradeLabel } from '../api/buy-trade-label';
import { payerBeforeBuying } from '../label-payer';
import { ParcelPresetChooser } from './parcel-preset-chooser';

/**
 * Buying my side's label: who pays and the price, the box, then "Buy label". The server makes the
 * label from both addresses; a refusal (an empty wallet, the provider's words) is said in the form.
 */
export function BuyLabelForm({ tradeId, config }: { tradeId: number; config: ShippingConfig }) {
  const [preset, setPreset] = useState<ParcelPreset>(config.presets[0]?.preset ?? 'one-pair');
  const [failure, setFailure] = useState<string | null>(null);
  const isSenderPaying = config.labelPayer === 'sender';
  const chosen = config.presets.find((p) => p.preset === preset);
  const buy = useBuyTradeLabel({
    onSuccess: (label) => toast({ title: 'Label Bought', description: `Print it with the packing slip: tracking number ${label.trackingNumber}` }),
    onError: (error) => setFailure(toUserMessage(error, 'The label could not be bought. Try again.')),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    buy.mutate({ tradeId, input: { preset, ...(isSenderPaying ? { payWith: 'wallet' as const } : {}) } });
  }

  return (
    <form aria-label="Buy a shipping label" onSubmit={onSubmit} className="flex flex-col gap-3">
      <p className="text-sm">{payerBeforeBuying(config.labelPayer, chosen?.estimateCents ?? null)}</p>
      <ParcelPresetChooser presets={config.presets} value={preset} onChange={setPreset} showPrices={isSenderPaying} disabled={buy.isPending} />
      {failure ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-2 text-sm text-destructive">
          {failure}
        </p>
      ) : null}
      <Button type="submit" className="self-start" disabled={buy.isPending} aria-busy={buy.isPending}>
        <Tag aria-hidden="true" />
        {buy.isPending ? 'Buying label...' : 'Buy label'}
      </Button>
    </form>
  );
}
