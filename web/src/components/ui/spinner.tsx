import { cn } from '../../lib/cn';

interface SpinnerProps {
  /** Read by screen readers; the spinner itself is decorative. */
  label?: string;
  className?: string;
}

/** A spinning ring with an accessible status label. */
export function Spinner({ label = 'Loading', className }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-surface-raised border-t-accent motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * A spinner centred in the page, for whole-page loading states. `outOfFlow`: centred in the
 * viewport and out of the page's flow, for the session check, after which the member's bar may
 * appear above the page: nothing on screen moves then (a layout shift otherwise).
 */
export function PageSpinner({ label, outOfFlow = false }: { label?: string; outOfFlow?: boolean }) {
  return (
    <div className={cn('flex items-center justify-center', outOfFlow ? 'pointer-events-none fixed inset-0' : 'min-h-[60vh]')}>
      <Spinner label={label} />
    </div>
  );
}
