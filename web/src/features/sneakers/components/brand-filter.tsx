import { ALL_BRANDS } from '@soleswap/contracts/sneaker-values';
import { useId } from 'react';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';

interface BrandFilterProps {
  /** A brand, or 'all'. */
  value: string;
  onChange: (brand: string) => void;
  brands: readonly string[];
  className?: string;
}

/** "All Brands" plus the given brands (browse and locker use the same 7; see docs/web-client.md#timings-and-counts). */
export function BrandFilter({ value, onChange, brands, className }: BrandFilterProps) {
  const id = useId();
  return (
    <div className={className}>
      <Label htmlFor={id} className="sr-only">
        Brand filter
      </Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value={ALL_BRANDS}>All Brands</option>
        {brands.map((brand) => (
          <option key={brand} value={brand}>
            {brand}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
