import type { ReactNode } from 'react';
import { Card } from './card';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
}

/** A centred message for a list with nothing in it, with an optional next step. */
export function EmptyState({ icon, title, description, action }: EmptyStateProps) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <span aria-hidden="true" className="rounded-2xl bg-surface-raised p-4 text-muted [&_svg]:size-8">
        {icon}
      </span>
      <h2 className="font-display font-extrabold text-lg">{title}</h2>
      {description ? <p className="max-w-sm text-sm text-muted">{description}</p> : null}
      {action}
    </Card>
  );
}
