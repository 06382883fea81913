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

/** A spinner centred in the page, for whole-page loading states. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}
