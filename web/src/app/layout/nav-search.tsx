import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';

interface NavSearchProps {
  className?: string;
  /** Called after a search was started (the mobile menu closes itself). */
  onSearch?: () => void;
}

/** The nav bar search box: a non-blank term opens /browse?q=term; blank input does nothing. */
export function NavSearch({ className, onSearch }: NavSearchProps) {
  const [term, setTerm] = useState('');
  const [, navigate] = useLocation();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = term.trim();
    if (!query) return;
    navigate(`/browse?q=${encodeURIComponent(query)}`);
    onSearch?.();
  }

  return (
    <form role="search" onSubmit={onSubmit} className={cn('relative', className)}>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
      <Input
        type="search"
        aria-label="Search sneakers"
        placeholder="Search sneakers..."
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        className="pl-9"
      />
    </form>
  );
}
