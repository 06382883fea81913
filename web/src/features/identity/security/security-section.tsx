import type { ReactNode } from 'react';

/** One section of /settings/security: a heading, a line about it, and its controls. */
export function SecuritySection({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const id = `security-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border bg-surface p-4 sm:p-6">
      <h2 id={id} className="font-display font-bold text-lg">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
