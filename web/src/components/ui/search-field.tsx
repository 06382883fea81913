import { Search } from 'lucide-react';
import type { FormEvent } from 'react';
import { cn } from '../../lib/cn';
import { Input } from './input';

interface SearchFieldProps {
  /** Accessible name of the input. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Called on Enter; search-as-you-type fields leave it out. */
  onSubmit?: () => void;
  className?: string;
}

/** A search form (role="search") with the magnifier icon: nav bar, browse and library. */
export function SearchField({ label, placeholder, value, onChange, onSubmit, className }: SearchFieldProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <form role="search" onSubmit={submit} className={cn('relative', className)}>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="pl-9"
      />
    </form>
  );
}
