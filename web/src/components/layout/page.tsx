import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface PageProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links shown beside the title on wide screens, under it on phones. */
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** Standard page frame: centred column, one h1, optional actions. */
export function Page({ title, description, actions, children, className }: PageProps) {
  return (
    <div className={cn('mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10', className)}>
      <header className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="font-display font-extrabold text-2xl tracking-tight sm:text-3xl">{title}</h1>
          {description ? <p className="text-muted">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2 lg:shrink-0 lg:justify-end">{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}
