import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A pulsing placeholder shown while content loads; hidden from screen readers. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-lg bg-surface-raised', className)} {...props} />;
}
