import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export type BadgeVariant = 'default' | 'accent' | 'success' | 'warning' | 'destructive' | 'outline';

const VARIANTS: Record<BadgeVariant, string> = {
  default: 'bg-surface-raised text-foreground',
  accent: 'bg-accent text-accent-foreground',
  success: 'bg-success/15 text-success',
  warning: 'bg-warning/15 text-warning',
  destructive: 'bg-destructive/15 text-destructive',
  outline: 'border border-border text-muted',
};

/** A small label for a status or a tag. */
export function Badge({ variant = 'default', className, ...props }: ComponentProps<'span'> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide [&_svg]:size-3',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  );
}
