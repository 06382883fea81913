import type { ParcelPreset, ShippingConfig } from '@soleswap/contracts/shipping';
import { useId } from 'react';
import { labelPrice } from '../label-payer';

interface ParcelPresetChooserProps {
  presets: ShippingConfig['presets'];
  value: ParcelPreset;
  onChange: (preset: ParcelPreset) => void;
  /** Show each box's price: the sender pays. */
  showPrices: boolean;
  disabled?: boolean;
}

/** The box the pairs travel in (one pair or two, with or without the original box), as radio buttons: arrows move between them. */
export function ParcelPresetChooser({ presets, value, onChange, showPrices, disabled }: ParcelPresetChooserProps) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-1" disabled={disabled}>
      <legend className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">Parcel</legend>
      <div className="grid gap-1 sm:grid-cols-2">
        {presets.map((preset) => (
          <label key={preset.preset} className="flex min-h-10 cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={preset.preset}
              checked={value === preset.preset}
              onChange={() => onChange(preset.preset)}
              className="size-4 accent-accent"
            />
            <span>
              {preset.label}
              <span className="text-xs text-muted">
                {' '}
                · {Math.round((preset.weightOz / 16) * 10) / 10} lb
                {showPrices && typeof preset.estimateCents === 'number' ? ` · ${labelPrice(preset.estimateCents)}` : ''}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
