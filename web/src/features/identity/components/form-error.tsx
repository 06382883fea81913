import { AlertCircle } from 'lucide-react';

/** An error about the whole form (not one field), announced when it appears. */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="flex items-center gap-2 rounded-lg bg-destructive/15 px-3 py-2 text-sm text-destructive">
      <AlertCircle aria-hidden="true" className="size-4 shrink-0" />
      {message}
    </p>
  );
}
