import { useState } from 'react';
import { useLocation } from 'wouter';
import { SearchField } from '../../components/ui/search-field';

interface NavSearchProps {
  className?: string;
  /** Called after a search was started (the mobile menu closes itself). */
  onSearch?: () => void;
}

/** The nav bar search box: a non-blank term opens /browse?q=term; blank input does nothing. */
export function NavSearch({ className, onSearch }: NavSearchProps) {
  const [term, setTerm] = useState('');
  const [, navigate] = useLocation();

  function onSubmit() {
    const query = term.trim();
    if (!query) return;
    navigate(`/browse?q=${encodeURIComponent(query)}`);
    onSearch?.();
  }

  return (
    <SearchField label="Search sneakers" placeholder="Search sneakers..." value={term} onChange={setTerm} onSubmit={onSubmit} className={className} />
  );
}
