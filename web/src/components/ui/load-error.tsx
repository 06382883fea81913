import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { Card } from './card';

interface LoadErrorProps {
  /** What failed to load, e.g. "Couldn't load your trades." */
  message: ReactNode;
  /** Loads again; usually the query's `refetch`. */
  onRetry: () => unknown;
  retryLabel?: string;
  /** Padding and extra styles; defaults to `p-8`. */
  className?: string;
}

/**
 * What a page or panel shows when its data failed to load: the message and a button that asks
 * again. `role="alert"` makes screen readers announce it; the button is a plain button, so it is
 * reached with Tab and pressed with Enter or Space.
 */
export function LoadError({ message, onRetry, retryLabel = 'Try again', className }: LoadErrorProps) {
  return (
    <Card role="alert" className={cn('flex flex-col items-center gap-3 text-center text-sm text-muted', className ?? 'p-8')}>
      {message}
      <Button variant="outline" size="sm" onClick={() => void onRetry()}>
        {retryLabel}
      </Button>
    </Card>
  );
}
