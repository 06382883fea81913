import type { ReactNode } from 'react';
import { Card } from './card';

/** One counter in a stats row (a list item): icon, upper-case label, big value, optional hint. */
export function StatCard({ icon, label, value, hint }: { icon: ReactNode; label: string; value: ReactNode; hint?: string }) {
  return (
    <li>
      <Card className="flex h-full items-center gap-3 p-4">
        <span aria-hidden="true" className="rounded-xl bg-accent/15 p-2.5 text-accent [&_svg]:size-5">
          {icon}
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <span className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</span>
          <span className="font-display font-extrabold text-2xl leading-none">{value}</span>
          {hint ? <span className="text-xs text-muted">{hint}</span> : null}
        </div>
      </Card>
    </li>
  );
}
